import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { testConfig, useTestDatabase } from '../../test/helper.ts';
import { buildApp } from '../app.ts';
import { routeRequest } from '../../test/call-route.ts';

/**
 * A request whose client went away (a balancer that closed its connection to a stopping instance) still has
 * its handler running after the server closed every connection: the database must not close under it.
 */
const ctx = useTestDatabase();

/** 'done' when the promise has settled by the event loop's next turn, else 'waiting'. */
const settledSoon = (promise: Promise<unknown>) => Promise.race([promise.then(() => 'done'), new Promise((r) => setImmediate(() => r('waiting')))]);

it('waits for the handler of a request its client gave up on, after the server has closed, before it says it is done', async () => {
  const app = await buildApp({ config: testConfig(), database: ctx.database });
  let reached!: () => void;
  const handlerReached = new Promise<void>((resolve) => (reached = resolve));
  let goOn!: () => void;
  const handlerMayGoOn = new Promise<void>((resolve) => (goOn = resolve));
  let finished: 'query done' | Error | undefined;
  app.get('/test-slow', async () => {
    reached();
    // The handler is still under way until the test has closed the server.
    await handlerMayGoOn;
    try {
      await app.db.execute(sql`select 1`);
      finished = 'query done';
    } catch (err) {
      finished = err as Error;
    }
    return { ok: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const gaveUp = new AbortController();
  const asked = fetch(`http://127.0.0.1:${port}/test-slow`, { signal: gaveUp.signal }).catch(() => 'aborted');
  await handlerReached;
  gaveUp.abort();
  expect(await asked).toBe('aborted');

  await app.close();
  // The server closed with the handler still under way…
  expect(finished).toBeUndefined();
  const done = app.handlersDone();
  expect(await settledSoon(done)).toBe('waiting');
  goOn();
  await done;
  // …and only now is it done, with the database still there for it.
  expect(finished).toBe('query done');
});

it('is done at once when nothing runs', async () => {
  const app = await buildApp({ config: testConfig(), database: ctx.database });
  await app.ready();
  expect(await app.inject(routeRequest('categories'))).toMatchObject({ statusCode: 200 });
  await app.close();
  expect(await settledSoon(app.handlersDone())).toBe('done');
});
