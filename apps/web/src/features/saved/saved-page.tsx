import type { SavedPhone } from '@market/contract';
import { Link } from 'react-router';
import { LoadMore } from '../../components/load-more.tsx';
import { SaveButton } from '../../components/save-button.tsx';
import { localDate, priceTk } from '../../lib/format.ts';
import { useT, type Key } from '../../lib/i18n.ts';
import { paged } from '../../lib/pages.ts';
import { useSavedPhonesInfiniteQuery } from '../../lib/saved-api.ts';
import { useAuth } from '../../lib/use-auth.ts';

/** A saved phone's state when it is no longer simply for sale. */
const stateWords: Record<Exclude<SavedPhone['state'], 'available'>, Key<'dashboard'>> = {
  reserved: 'saved.reserved',
  sold: 'saved.sold',
  // Its seller did not renew it (issue 36): off search, and back if they do.
  expired: 'saved.expired',
  removed: 'saved.removed',
};

/**
 * The phones the signed-in person saved (issue 34), the latest saved first: each with its picture, name and price
 * while it is on the site, marked reserved, sold, expired or no longer on the site, with its heart to remove it.
 */
export default function SavedPage() {
  const t = useT('dashboard');
  const { user } = useAuth();
  const list = useSavedPhonesInfiniteQuery(undefined, { skip: !user });
  const { rows, more } = paged(list);
  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold">{t('saved.title')}</h1>
      {rows?.length === 0 && (
        <div className="flex flex-col items-start gap-3">
          <p className="text-base-content/75">{t('saved.empty')}</p>
          <Link to="/" className="btn btn-outline btn-primary">
            {t('saved.browse')}
          </Link>
        </div>
      )}
      <ul className="grid gap-3 sm:grid-cols-2" aria-label={t('saved.caption')}>
        {rows?.map((s) => (
          <li key={s._id} className="flex items-center gap-3 rounded-box border border-base-200 p-3">
            {s.product ? (
              <img src={s.product.img} alt="" width="64" height="64" className="h-16 w-16 shrink-0 rounded-lg object-cover" loading="lazy" />
            ) : (
              <div className="h-16 w-16 shrink-0 rounded-lg bg-base-200" />
            )}
            <div className="min-w-0 grow wrap-anywhere">
              {s.product ? (
                <Link to={`/detail-product/${s.productId}`} className="link font-semibold link-hover">
                  {s.productName}
                </Link>
              ) : (
                <p className="font-semibold">{s.productName}</p>
              )}
              {s.product && <p className="font-medium text-primary">{priceTk(s.product.resalePrice)}</p>}
              <p className="text-sm text-base-content/75">
                {s.state !== 'available' && <span className="badge badge-outline mr-2">{t(stateWords[s.state])}</span>}
                <time dateTime={s.savedAt}>{t('saved.savedOn', { date: localDate(s.savedAt) })}</time>
              </p>
            </div>
            {/* The phone's own heart: pressed, it removes the phone from this list. */}
            <SaveButton product={s.product ?? { _id: s.productId, sellerId: { _id: '' } }} className="shrink-0" />
          </li>
        ))}
      </ul>
      <LoadMore more={more} />
    </section>
  );
}
