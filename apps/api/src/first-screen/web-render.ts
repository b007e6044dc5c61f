import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Lang } from '@market/contract';
import type { FastifyInstance } from 'fastify';
import { perApp } from './single-flight.ts';

/** The web app's server render (apps/web/src/entry-server.tsx), as this server calls it. */
export interface WebRender {
  render(input: {
    url: string;
    lang: Lang;
    fetchFn: (input: Request | string, init?: RequestInit) => Promise<Response>;
  }): Promise<{ html: string; answers: unknown[] }>;
}

/** Loads the web app's server render: built (dist-ssr) in production, its source under Vitest. A built web app without it is a broken build. */
export async function loadWebRender(path: string): Promise<WebRender> {
  if (!existsSync(path)) throw new Error(`The web app's server render is missing at ${path}: build the web app with 'npm run build'.`);
  const module = (await import(pathToFileURL(path).href)) as Partial<WebRender>;
  if (typeof module.render !== 'function') throw new Error(`${path} exports no render()`);
  return module as WebRender;
}

/** A public API answer as a page reads it. */
export interface PublicAnswer {
  status: number;
  contentType: string;
  payload: Buffer;
}

/**
 * The public API as one page reads it: GETs answered in-process (`inject`) for a signed-out visitor —
 * no credentials, never a cookie or header of the page's request: the page shows what anyone may see.
 * Each URL is asked once per page: what data.ts read for the status and head, the render reads again
 * from here instead of asking the API a second time.
 */
export function publicReader(app: FastifyInstance) {
  const answers = new Map<string, Promise<PublicAnswer>>();
  const shared = readsOf(app);
  return (url: string): Promise<PublicAnswer> => {
    let answer = answers.get(url);
    if (!answer) {
      // Pages drawn at the same time ask the API once for what they share (the brands, a seller's profile).
      answer = shared(`${app.publicCache.generation} ${url}`, () =>
        app.inject({ method: 'GET', url, headers: { accept: 'application/json' } }).then((res) => ({
          status: res.statusCode,
          contentType: String(res.headers['content-type'] ?? 'application/json'),
          payload: res.rawPayload,
        })),
      );
      answers.set(url, answer);
    }
    return answer;
  };
}

const readsOf = perApp<FastifyInstance, PublicAnswer>();

export type PublicReader = ReturnType<typeof publicReader>;

/** The render's API calls, answered by the page's reader: only GETs. */
export function inProcessFetch(read: PublicReader) {
  return async (input: Request | string, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    if (request.method !== 'GET') throw new Error(`the server render asked for ${request.method} ${request.url}`);
    const { pathname, search } = new URL(request.url);
    const { status, contentType, payload } = await read(pathname + search);
    return new Response(new Uint8Array(payload), { status, headers: { 'content-type': contentType } });
  };
}
