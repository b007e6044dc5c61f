import type { Page } from '@market/contract';

/** What an RTK Query infinite query of a paged endpoint gives a page. */
interface PagedResult<T> {
  data?: { pages: Page<T>[] } | undefined;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** What 'Load more' needs: whether more rows follow, whether they are on their way, and how to ask. */
export interface More {
  has: boolean;
  loading: boolean;
  load: () => void;
}

/** Every row fetched so far (none after an error), and the 'Load more' of the rest. */
export function paged<T>(result: PagedResult<T>): { rows: T[] | undefined; more: More } {
  return {
    rows: result.isError ? [] : result.data?.pages.flatMap((p) => p.data),
    more: { has: result.hasNextPage && !result.isError, loading: result.isFetchingNextPage, load: () => void result.fetchNextPage() },
  };
}
