import type { BodyOf, DataOf, Endpoints, ItemOf, Page, ParamsOf, QueryOf } from '@market/contract';
import { fillPath, queryString, routes, type RouteName } from '@market/contract/routes';
import type { FetchArgs } from '@reduxjs/toolkit/query/react';

/*
 * The web app's calls are built from the contract's endpoint descriptors: the method and path at run
 * time from `routes` (no schemas: the bundle carries no validation code), every type from the
 * descriptors themselves (imported for types only).
 */

type E<N extends RouteName> = Endpoints[N];
type Params<N extends RouteName> = E<N> extends { params: object } ? ParamsOf<E<N>> : undefined;

/** What a call needs: the path's params, the query and the body, as the contract types them. */
export type CallInput<N extends RouteName> = (E<N> extends { params: object } ? { params: ParamsOf<E<N>> } : { params?: undefined }) &
  (E<N> extends { query: object } ? { query?: QueryOf<E<N>> } : { query?: undefined }) &
  (E<N> extends { body: object } ? { body: BodyOf<E<N>> } : { body?: FormData }) & { headers?: Record<string, string> };

/** An endpoint's path with its params filled in (`/api/…`), for the calls made outside the api slice. */
export function pathOf<N extends RouteName>(name: N, ...[params]: Params<N> extends undefined ? [] : [Params<N>]): string {
  return fillPath(routes[name].path, params as Record<string, unknown> | undefined);
}

/** The request of an endpoint, relative to the api slice's base (`/api`): its path with the params filled in, method, query and body. */
export function request<N extends RouteName>(name: N, input: CallInput<N>): FetchArgs {
  const path = (pathOf as (name: RouteName, params?: unknown) => string)(name, input.params).replace(/^\/api\//, '');
  const search = queryString(input.query as Record<string, unknown> | undefined);
  return {
    url: search ? `${path}?${search}` : path,
    method: routes[name].method,
    ...(input.body !== undefined ? { body: input.body } : {}),
    ...(input.headers ? { headers: input.headers } : {}),
  };
}

/** The envelope's `data`; a page (items and cursor) and a raw body are taken whole. */
const answer = <N extends RouteName>(body: unknown): DataOf<E<N>> => {
  const b = body as { success?: unknown; data?: unknown; meta?: unknown };
  return (b && b.success === true && 'data' in b && !('meta' in b) ? b.data : body) as DataOf<E<N>>;
};

/**
 * An RTK Query query or mutation of an endpoint: its URL, method and types come from the contract,
 * so the web app writes no URL or response type of its own. `input` turns the hook's argument into the call.
 */
export function call<N extends RouteName>(name: N): { query: (arg: void) => FetchArgs; transformResponse: (body: unknown) => DataOf<E<N>> };
export function call<N extends RouteName, Arg>(
  name: N,
  input: (arg: Arg) => CallInput<N>,
): { query: (arg: Arg) => FetchArgs; transformResponse: (body: unknown) => DataOf<E<N>> };
export function call<N extends RouteName, Arg>(name: N, input: (arg: Arg) => CallInput<N> = () => ({}) as CallInput<N>) {
  return { query: (arg: Arg) => request(name, input(arg)), transformResponse: answer<N> };
}

interface PagedCall<N extends RouteName, Arg> {
  infiniteQueryOptions: { initialPageParam: string | null; getNextPageParam: (last: Page<ItemOf<E<N>>>) => string | null };
  query: (arg: { queryArg: Arg; pageParam: string | null }) => FetchArgs;
  transformResponse: (body: unknown) => Page<ItemOf<E<N>>>;
}

type PagedName = { [N in RouteName]: E<N> extends { page: object } ? N : never }[RouteName];

/** What a paged call is given besides its page: its params, and its own filters (the page's limit and cursor are the pager's). */
type PagedInput<N extends RouteName> = Omit<CallInput<N>, 'query'> & { query?: Omit<NonNullable<CallInput<N>['query']>, 'limit' | 'cursor'> };

/** An RTK Query infinite query of a paged endpoint: `pageSize` rows a page, 'Load more' follows `meta.nextCursor`. */
export function pages<N extends PagedName>(name: N, pageSize: number): PagedCall<N, void>;
export function pages<N extends PagedName, Arg>(name: N, pageSize: number, input: (arg: Arg) => PagedInput<N>): PagedCall<N, Arg>;
export function pages<N extends PagedName, Arg>(
  name: N,
  pageSize: number,
  input: (arg: Arg) => PagedInput<N> = () => ({}) as PagedInput<N>,
): PagedCall<N, Arg> {
  return {
    infiniteQueryOptions: { initialPageParam: null, getNextPageParam: (last) => last.meta.nextCursor },
    query: ({ queryArg, pageParam }) => {
      const { query, ...rest } = input(queryArg);
      return request(name, { ...rest, query: { ...query, limit: pageSize, ...(pageParam ? { cursor: pageParam } : {}) } } as CallInput<N>);
    },
    transformResponse: (body) => body as Page<ItemOf<E<N>>>,
  };
}
