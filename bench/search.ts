// The search cases (issue 14): GET /api/products under load at 16 connections, never from a
// cache (the search has no public cache: each request goes to the database).
import type { Dataset } from './generate.ts';
import { get, type ApiResult } from './lib.ts';
import { load, type LoadSettings } from './api.ts';

export const SEARCH_CONNECTIONS = 16;
/** The rows a deep page starts after. */
const DEEP = 2000;
const PAGE = 100;

export const isSearchRow = (r: ApiResult) => r.endpoint.startsWith('search ');

/** The cursor after the first DEEP matches of `query`, by following nextCursor DEEP / PAGE times. */
async function cursorAfter(baseUrl: string, query: string): Promise<string> {
  let cursor: string | null = null;
  for (let seen = 0; seen < DEEP; seen += PAGE) {
    const res = await get(`${baseUrl}/api/products?${query}&limit=${PAGE}${cursor ? `&cursor=${cursor}` : ''}`);
    if (res.status !== 200) throw new Error(`search page answered ${res.status}: ${res.body.toString().slice(0, 200)}`);
    cursor = (JSON.parse(res.body.toString()) as { meta: { nextCursor: string | null } }).meta.nextCursor;
    if (!cursor) throw new Error(`fewer than ${DEEP} matches for ${query}`);
  }
  return cursor!;
}

/** The five cases: name and path. `categoryId` is the first brand (Apple). */
export async function searchCases(baseUrl: string, data: Pick<Dataset, 'categoryId'>): Promise<{ name: string; path: string }[]> {
  // Deep in a broad search (at 10k products too, more than 2,000 phones cost 20,000 tk or more).
  const broad = 'minPrice=20000&sort=price_asc';
  const deep = await cursorAfter(baseUrl, broad);
  return [
    { name: 'search one word', path: '/api/products?q=galaxy' },
    { name: 'search two words, a typo', path: '/api/products?q=samsng%20galaxi' },
    {
      name: 'search text+brand+price+condition',
      path: `/api/products?q=iphone&category=${data.categoryId}&minPrice=30000&maxPrice=80000&condition=Good`,
    },
    { name: 'search filters, price sort', path: '/api/products?minPrice=20000&maxPrice=60000&condition=Excellent&sort=price_asc' },
    { name: `search deep page (after ${DEEP})`, path: `/api/products?${broad}&cursor=${deep}` },
  ];
}

/** The first answer of a case, once the server has worked off what an earlier overload left queued (up to a minute). */
export async function firstAnswer(url: string, headers: Record<string, string> | undefined, waitMs = 60_000) {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      return await get(url, headers);
    } catch (err) {
      if (Date.now() > deadline) throw err;
    }
  }
}

/**
 * Each case: a warm-up, then the measured run at SEARCH_CONNECTIONS connections. A case whose
 * requests time out is recorded as failed (no latency), and the next one still runs.
 */
export async function benchSearch(baseUrl: string, data: Dataset, settings: LoadSettings, log: (msg: string) => void) {
  const results: ApiResult[] = [];
  const problems: string[] = [];
  const cases = await searchCases(baseUrl, data).catch((err: Error) => {
    problems.push(`${data.db} ${data.n} search: ${err.message}`);
    return [];
  });
  for (const c of cases) {
    try {
      const first = await firstAnswer(baseUrl + c.path, settings.headers);
      if (first.status !== 200) throw new Error(`${c.path} answered ${first.status}: ${first.body.toString().slice(0, 200)}`);
      const total = (JSON.parse(first.body.toString()) as { meta: { total: number } }).meta.total;
      if (settings.warmupSeconds > 0) await load(baseUrl, [c.path], settings.warmupSeconds, settings.headers, SEARCH_CONNECTIONS);
      const m = await load(baseUrl, [c.path], settings.seconds, settings.headers, SEARCH_CONNECTIONS);
      if (m.non2xx || m.errors) problems.push(`${data.db} ${data.n} ${c.name}: ${m.non2xx} non-2xx responses, ${m.errors} errors or timeouts`);
      log(`  ${c.name.padEnd(36)} ${String(m.rps).padStart(6)} req/s  p50 ${m.p50} ms  p99 ${m.p99} ms  (${total} matches)`);
      results.push({ n: data.n, db: data.db, endpoint: c.name, rps: m.rps, p50: m.p50, p99: m.p99, floorRps: 0, ratio: 0 });
    } catch (err) {
      problems.push(`${data.db} ${data.n} ${c.name}: ${(err as Error).message}`);
      log(`  ${c.name.padEnd(36)} failed: ${(err as Error).message}`);
      results.push({ n: data.n, db: data.db, endpoint: c.name, rps: 0, p50: NaN, p99: NaN, floorRps: 0, ratio: 0 });
    }
  }
  return { results, problems };
}
