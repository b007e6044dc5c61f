import sharp from 'sharp';

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

/** Uploads a new JPEG picture (`width` × 3/4 of it) with `token` (none: signed out, as for a sign-up's avatar); answers its address. */
export async function uploadPicture(base: string, token: string | undefined, width = 64, background = '#a72'): Promise<string> {
  const picture = await sharp({ create: { width, height: Math.round((width * 3) / 4), channels: 3, background } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(picture)], { type: 'image/jpeg' }), 'phone.jpg');
  const res = await send<{ url: string }>(base, 'POST', '/api/images', { token, form });
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data!.url;
}
