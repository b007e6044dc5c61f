import { fillPath, queryString, routes, type PathParamNames, type RouteName } from '@market/contract/routes';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { call } from './helper.ts';

/*
 * API tests call routes by name (packages/contract/src/routes.ts): the method and path come from the contract,
 * so a test cannot drift from the route it means. Values are what a client sends, not what the schemas accept:
 * a test may send a malformed id, query or body on purpose. Tests that send what no client could (a malformed
 * path, a raw byte stream) write their request out themselves, and say why.
 */

/** The names of a route's path params. */
type ParamName<N extends RouteName> = PathParamNames<(typeof routes)[N]['path']>;

/** A query: its values (a list repeats its key), or a raw query string sent as it is (odd encodings on purpose). */
export type RouteQuery = string | Readonly<Record<string, string | number | boolean | readonly (string | number)[] | null | undefined>>;

/** Where a call goes besides its route: the path's params (each one encoded segment) and the query. */
export type RouteTarget<N extends RouteName> = { query?: RouteQuery } & ([ParamName<N>] extends [never]
  ? { params?: undefined }
  : { params: Readonly<Record<ParamName<N>, string | number>> });

/** What a call sends besides its route: its target, body, token, cookie, headers… */
export type RouteCall<N extends RouteName> = Omit<InjectOptions, 'method' | 'url' | 'path' | 'query' | 'payload' | 'body' | 'cookies'> & {
  body?: InjectOptions['payload'];
  /** Sent raw in `authorization`, as the spec's client does; none when undefined. */
  token?: string | undefined;
  /** The `cookie` header. */
  cookie?: string;
} & RouteTarget<N>;

/** The options argument of a call to route N: required when its path has params. */
export type RouteArgs<N extends RouteName, T> = [ParamName<N>] extends [never] ? [opts?: T] : [opts: T];
type CallArgs<N extends RouteName> = RouteArgs<N, RouteCall<N>>;

/** `METHOD /api/path` of a route, as the access table keys it. */
export const routeKey = (name: RouteName) => `${routes[name].method} ${routes[name].path}`;

/** A route's path with its params and query filled in: for real HTTP (fetch) as for inject. */
export function routePath<N extends RouteName>(name: N, ...[opts]: RouteArgs<N, RouteTarget<N>>): string {
  const path = fillPath(routes[name].path, opts?.params);
  const query = typeof opts?.query === 'string' ? opts.query : queryString(opts?.query);
  return query ? `${path}?${query}` : path;
}

/** The inject options of a call by name (token and cookie as headers), for a test that reads `app.inject`'s own answer. */
export function routeRequest<N extends RouteName>(name: N, ...[opts]: CallArgs<N>): InjectOptions {
  const { params: _params, query: _query, body, token, cookie, headers, ...rest } = (opts ?? {}) as RouteCall<RouteName> & { params?: unknown };
  return {
    ...rest,
    method: routes[name].method,
    url: (routePath as (name: N, opts?: RouteCall<N>) => string)(name, opts),
    ...(body !== undefined ? { payload: body } : {}),
    headers: { ...headers, ...(token ? { authorization: token } : {}), ...(cookie ? { cookie } : {}) },
  };
}

/** What a call answers: its status, JSON body (else text) and headers. */
export type RouteAnswer = Awaited<ReturnType<typeof call>>;

/** Calls a route by its name: `callRoute(app, 'book', { token, body })`, answering as `call` does (status, JSON body, headers). */
export function callRoute<N extends RouteName>(app: FastifyInstance, name: N, ...args: CallArgs<N>): Promise<RouteAnswer> {
  return call(app, routeRequest(name, ...args));
}
