import type { AlertFrequency, SavedSearch } from '@market/contract';
import { findDistrict, findDivision } from '@market/contract/places';
import { Link } from 'react-router';
import { conditionName, digits, storageLabel } from '../../components/listing-words.ts';
import { LoadMore } from '../../components/load-more.tsx';
import { DeleteButton, useConfirmDelete } from '../../components/use-confirm-delete.tsx';
import { useDeleteSavedSearchMutation, useSavedSearchesInfiniteQuery, useSetSavedSearchFrequencyMutation } from '../../lib/alerts-api.ts';
import { errorMessage } from '../../lib/errors.ts';
import { localDate, priceTk } from '../../lib/format.ts';
import { translate, useLang, useT } from '../../lib/i18n.ts';
import { notify } from '../../lib/notify.ts';
import { paged } from '../../lib/pages.ts';
import { writeSearch } from '../../lib/search-url.ts';
import { useCategoriesQuery } from '../../lib/shared-api.ts';
import { useAuth } from '../../lib/use-auth.ts';

/** A saved search in words, in the page's language: its words, brands, conditions, price, place, storage, battery, sellers. */
function useDescribe() {
  const lang = useLang();
  const { data: categories = [] } = useCategoriesQuery();
  return (q: SavedSearch['query']): string[] => {
    const place = (q.district && findDistrict(q.district)) || (q.division && findDivision(q.division));
    const range =
      q.minPrice !== undefined && q.maxPrice !== undefined
        ? `${priceTk(q.minPrice)} – ${priceTk(q.maxPrice)}`
        : q.minPrice !== undefined
          ? `≥ ${priceTk(q.minPrice)}`
          : q.maxPrice !== undefined
            ? `≤ ${priceTk(q.maxPrice)}`
            : null;
    return [
      q.q ? translate('savedSearches.words', { words: q.q }) : null,
      ...(q.category ?? []).map((id) => categories.find((c) => c._id === id)?.category ?? null),
      ...(q.condition ?? []).map(conditionName),
      range ? translate('savedSearches.price', { range }) : null,
      place ? (lang === 'bn' ? place.bn : place.en) : null,
      q.location ?? null,
      ...(q.storage ?? []).map(storageLabel),
      q.minBattery !== undefined ? translate('savedSearches.battery', { percent: digits(q.minBattery) }) : null,
      q.verified ? translate('savedSearches.verified') : null,
    ].filter((x): x is string => x !== null);
  };
}

/**
 * The signed-in person's saved searches (issue 34), the newest first: each in words, with how many phones matched it,
 * how often it tells (changed here), the way to its phones, and its deletion (asked first).
 */
export default function SavedSearchesPage() {
  const t = useT('dashboard');
  const { user } = useAuth();
  const list = useSavedSearchesInfiniteQuery(undefined, { skip: !user });
  const { rows, more } = paged(list);
  const describe = useDescribe();
  const [setFrequency] = useSetSavedSearchFrequencyMutation();
  const [remove] = useDeleteSavedSearchMutation();
  const { ask, dialog } = useConfirmDelete((id) => remove(id).unwrap());
  const change = async (id: string, frequency: AlertFrequency) => {
    try {
      await setFrequency({ id, frequency }).unwrap();
      notify.success(translate('savedSearches.changed', { how: translate(frequency === 'instant' ? 'savedSearches.instant' : 'savedSearches.daily') }));
    } catch (err) {
      notify.error(errorMessage(err, translate('toast.somethingWentWrong')));
    }
  };
  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold">{t('savedSearches.title')}</h1>
      {rows?.length === 0 && (
        <div className="flex flex-col items-start gap-3">
          <p className="text-base-content/75">{t('savedSearches.empty')}</p>
          <Link to="/search" className="btn btn-outline btn-primary">
            {t('savedSearches.search')}
          </Link>
        </div>
      )}
      <ul className="grid gap-3" aria-label={t('savedSearches.caption')}>
        {rows?.map((s) => {
          const words = describe(s.query);
          const name = words.join(' · ') || t('savedSearches.anything');
          return (
            <li key={s._id} className="flex flex-wrap items-center gap-3 rounded-box border border-base-200 p-3">
              <div className="min-w-0 grow wrap-anywhere">
                <p className="font-semibold">{name}</p>
                <p className="text-sm text-base-content/75">
                  {t('savedSearches.matches', { count: s.matches, date: s.lastMatchAt ? localDate(s.lastMatchAt) : '' })}
                </p>
              </div>
              <label className="flex items-center gap-2 text-sm">
                {t('savedSearches.how')}
                <select className="select select-bordered select-sm" value={s.frequency} onChange={(e) => void change(s._id, e.target.value as AlertFrequency)}>
                  <option value="instant">{t('savedSearches.instant')}</option>
                  <option value="daily">{t('savedSearches.daily')}</option>
                </select>
              </label>
              <Link to={`/search?${writeSearch(s.query).toString()}`} className="btn btn-outline btn-primary btn-sm">
                {t('savedSearches.open')}
              </Link>
              <DeleteButton label={t('savedSearches.delete', { name })} onClick={() => ask(s._id)} />
            </li>
          );
        })}
      </ul>
      <LoadMore more={more} />
      {dialog}
    </section>
  );
}
