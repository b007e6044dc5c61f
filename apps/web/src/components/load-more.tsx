import { useT } from '../lib/i18n.ts';
import type { More } from '../lib/pages.ts';

/** The 'Load more' under a paged list, while more rows follow. */
export function LoadMore({ more }: { more: More }) {
  const t = useT();
  if (!more.has) return null;
  return (
    <div className="mt-6 flex justify-center">
      <button type="button" className="btn btn-outline btn-primary" onClick={more.load} disabled={more.loading}>
        {more.loading && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {t('list.loadMore')}
      </button>
    </div>
  );
}
