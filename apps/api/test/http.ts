import type { DataOf, Endpoints, ItemOf } from '@market/contract';
import { routes, type RouteName } from '@market/contract/routes';
import sharp from 'sharp';
import { routePath, type RouteArgs, type RouteTarget } from './call-route.ts';

/**
 * The API over real HTTP, for tests that talk to real servers (or nginx in front of them): one call, its status,
 * headers and body (a page that is no JSON reads as `{ success: res.ok }`). Redirects are answers, not followed.
 */
export interface Answer<T> {
  status: number;
  headers: Headers;
  body: { success: boolean; data?: T; message?: string; code?: string };
}

export async function send<T = unknown>(
  base: string,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; form?: FormData } = {},
): Promise<Answer<T>> {
  const res = await fetch(base + path, {
    method,
    redirect: 'manual',
    headers: { ...(opts.token ? { authorization: opts.token } : {}), ...(opts.body ? { 'content-type': 'application/json' } : {}) },
    body: opts.form ?? (opts.body ? JSON.stringify(opts.body) : undefined),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text.startsWith('{') ? JSON.parse(text) : { success: res.ok } };
}

/** What a call by name sends over HTTP besides its target. */
type Sent = { token?: string; body?: unknown; form?: FormData };

/** What a route's answer holds in `data`, as its descriptor says: a page's items, or the envelope's data. */
type DataIn<E> = E extends { page: unknown } ? ItemOf<E>[] : DataOf<E>;

/** A call by its route's name (call-route.ts: method and path from the contract) over real HTTP. */
export function sendRoute<N extends RouteName>(base: string, name: N, ...[opts]: RouteArgs<N, RouteTarget<N> & Sent>): Promise<Answer<DataIn<Endpoints[N]>>> {
  const path = (routePath as (name: N, target?: RouteTarget<N>) => string)(name, opts);
  return send(base, routes[name].method, path, opts);
}

/** Uploads a new JPEG picture (`width` × 3/4 of it) with `token` (none: signed out, as for a sign-up's avatar); answers its address. */
export async function uploadPicture(base: string, token: string | undefined, width = 64, background = '#a72'): Promise<string> {
  const picture = await sharp({ create: { width, height: Math.round((width * 3) / 4), channels: 3, background } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(picture)], { type: 'image/jpeg' }), 'phone.jpg');
  const res = await sendRoute(base, 'uploadImage', { token, form });
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data!.url;
}
