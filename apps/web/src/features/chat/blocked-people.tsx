import { LoadMore } from '../../components/load-more.tsx';
import { attempt } from '../../lib/attempt.ts';
import { localDate } from '../../lib/format.ts';
import { translate, useT } from '../../lib/i18n.ts';
import { paged } from '../../lib/pages.ts';
import { useAuth } from '../../lib/use-auth.ts';
import { useBlockedUsersInfiniteQuery, useUnblockUserMutation } from './api.ts';

/** The account page's list of the people this person blocked (issue 33), each with Unblock. Admins have no conversations. */
export function BlockedPeople() {
  const t = useT('dashboard');
  const { role } = useAuth();
  const skip = role === null || role === 'Admin';
  const list = useBlockedUsersInfiniteQuery(undefined, { skip });
  const { rows, more } = paged(list);
  const [unblock, { isLoading }] = useUnblockUserMutation();
  if (skip) return null;
  return (
    <div className="card bg-base-100 ring-1 ring-base-200">
      <div className="card-body gap-3">
        <h2 className="text-xl font-semibold">{t('blocked.title')}</h2>
        <p className="text-sm">{t('blocked.text')}</p>
        {rows?.length === 0 && <p className="text-sm text-base-content/75">{t('blocked.empty')}</p>}
        {rows && rows.length > 0 && (
          <ul className="flex flex-col gap-2">
            {rows.map((person) => (
              <li key={person._id} className="flex flex-wrap items-center justify-between gap-2">
                <span className="min-w-0">
                  <span className="block font-medium wrap-anywhere">{person.name}</span>
                  <span className="block text-xs text-base-content/75">{t('blocked.since', { date: localDate(person.since) })}</span>
                </span>
                <button
                  type="button"
                  className="btn btn-outline btn-sm"
                  disabled={isLoading}
                  aria-label={t('blocked.unblockOf', { name: person.name })}
                  onClick={() => void attempt(() => unblock(person._id).unwrap(), translate('thread.unblocked', { name: person.name }))}
                >
                  {t('thread.unblock')}
                </button>
              </li>
            ))}
          </ul>
        )}
        <LoadMore more={more} />
      </div>
    </div>
  );
}
