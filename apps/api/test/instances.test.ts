import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sandboxWallets } from '../src/modules/bkash/sandbox-accounts.ts';
import { createPostgresDatabase } from './databases.ts';
import { productBody } from './fixtures.ts';
import { send, sendRoute, uploadPicture } from './http.ts';
import { nginxInstalled, startNginx, type Nginx } from './nginx.ts';
import { deleteUnder, redisAvailable, redisUrl, uniquePrefix } from './redis.ts';
import { freePort, startApi, type ServerProcess } from './server-process.ts';
import { routePath } from './call-route.ts';
import { messageBodies, openSse, type LiveEventSeen } from './sse.ts';

/**
 * Several instances behind a load balancer, for real (issue 19): two API processes (`node src/main.ts`) on one
 * PostgreSQL, one Redis and one S3-protocol store (s3rver), behind Debian's nginx configured as docs/deploy.md
 * says. Every request goes through nginx: its balanced address, or its address for one chosen instance. This
 * file runs in the postgres project only (two processes cannot share PGlite); in CI nginx and Redis are
 * required (.ci/run installs nginx).
 */
const haveNginx = nginxInstalled();
if (!haveNginx && process.env.CI === 'true') throw new Error('nginx is required in CI (Debian package nginx; .ci/run installs it)');
if (!haveNginx) console.warn('\n!!! nginx is not installed (/usr/sbin/nginx): SKIPPING the two-instance test behind nginx !!!\n');
const haveRedis = await redisAvailable('the two-instance test behind nginx (test/instances.test.ts)');

const TIMEOUT = 60_000;

describe.runIf(haveNginx && haveRedis)('two instances behind nginx on one PostgreSQL, Redis and S3 store', { timeout: TIMEOUT }, () => {
  const prefix = uniquePrefix('nginx');
  const dirs: string[] = [];
  let database: { url: string; drop(): Promise<void> };
  let sql: pg.Pool;
  let s3: S3rver;
  let nginx: Nginx;
  let a: ServerProcess;
  let b: ServerProcess;
  /** Through nginx: the balanced address, and the one to each instance. */
  let lb: string;
  let viaA: string;
  let viaB: string;
  let seller: string;
  let buyer: string;
  let categoryId: string;
  let launch: (port: number) => Promise<ServerProcess>;
  let ports: number[];

  beforeAll(async () => {
    database = await createPostgresDatabase();
    sql = new pg.Pool({ connectionString: database.url, max: 2 });
    // The database is dropped at the end (WITH FORCE): a connection of this pool still closing is terminated by it,
    // which is expected, not a failure of the test.
    sql.on('error', () => {});
    sql.on('connect', (client) => client.on('error', () => {}));
    const objects = mkdtempSync(join(tmpdir(), 'market-s3-'));
    dirs.push(objects);
    s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: objects });
    const { port: s3Port } = (await s3.run()) as unknown as { port: number };
    const bucket = `pictures-${randomUUID().slice(0, 8)}`;
    const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
    await new S3Client({ endpoint: `http://127.0.0.1:${s3Port}`, region: 'us-east-1', forcePathStyle: true, credentials }).send(
      new CreateBucketCommand({ Bucket: bucket }),
    );

    ports = [await freePort(), await freePort()];
    nginx = await startNginx(ports);
    [lb, viaA, viaB] = [nginx.url, nginx.pinned[0]!, nginx.pinned[1]!];
    // What docs/deploy.md asks of every instance; the demo's data (accounts, phones) and its bKash stand-in for the payment.
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      JWT_SECRET: 'one-secret-for-every-instance-of-this-test',
      PUBLIC_URL: lb,
      TRUST_PROXY: '1',
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      DEMO: 'true',
      LIMIT_LOGIN_FAILURES_PER_EMAIL: '3/1m',
      // The load below logs in often, from one address; the seller writes a message every 20 ms.
      LIMIT_LOGIN_PER_IP: '100000/1m',
      LIMIT_MESSAGES_PER_USER: '100000/1m',
    };
    launch = async (port: number) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'market-instance-'));
      dirs.push(dataDir);
      return startApi({ env: { ...env, DATA_DIR: dataDir }, port, timeoutMs: TIMEOUT - 10_000 });
    };
    // One after the other: the first migrates and seeds the empty database, the second finds it done.
    a = await launch(ports[0]!);
    b = await launch(ports[1]!);
    const logIn = async (base: string, email: string, password: string) => {
      const res = await sendRoute(base, 'logIn', { body: { email, password } });
      expect(res.status).toBe(200);
      return res.body.data!.token;
    };
    seller = await logIn(viaA, 'seller@resale.demo', 'seller');
    buyer = await logIn(viaB, 'buyer@resale.demo', 'buyer1');
    categoryId = (await sendRoute(lb, 'categories')).body.data![0]!._id;
  }, TIMEOUT);

  afterAll(async () => {
    await nginx?.stop();
    for (const instance of [a, b]) await instance?.stop();
    await s3?.close();
    await sql?.end();
    await database?.drop();
    await deleteUnder(prefix);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }, TIMEOUT);

  it('a session signed in on one instance is good on the other', async () => {
    const res = await sendRoute(viaB, 'me', { token: seller });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ email: 'seller@resale.demo', role: 'Seller' });
    // nginx's request id is the one the instance logs and answers with.
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('a picture uploaded to one instance is served by the other, its smaller copies too', async () => {
    const url = await uploadPicture(viaA, seller, 1200, '#27a');
    const fromB = await fetch(viaB + url);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await fromB.arrayBuffer())).metadata()).width).toBe(1200);
    // The copies' job runs on whichever instance claims it; both serve its result.
    await vi.waitFor(async () => expect((await fetch(viaB + url.replace('.webp', '.w400.webp'), { redirect: 'manual' })).status).toBe(200), {
      timeout: 10_000,
    });
  });

  it('abuse limits are counted once for both: the fourth wrong password for one e-mail is refused on either', async () => {
    const wrong = { email: 'admin@resale.demo', password: 'not-the-password' };
    const statuses = [];
    for (const base of [viaA, viaB, viaA, viaB]) statuses.push((await sendRoute(base, 'logIn', { body: wrong })).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('a write on one instance empties the public cache of both', async () => {
    const listed = async (base: string) => (await sendRoute(base, 'categoryProducts', { params: { id: categoryId } })).body.data!.map((p) => p.productName);
    // Both have the brand's page in their cache now.
    const before = [await listed(viaA), await listed(viaB)];
    expect(before[0]).toEqual(before[1]);
    expect(before[0]).not.toContain('Pixel behind nginx');

    const img = await uploadPicture(viaA, seller);
    const posted = await sendRoute(viaA, 'addProduct', { token: seller, body: productBody(categoryId, img, { productName: 'Pixel behind nginx' }) });
    expect(posted.status).toBe(201);
    // The other instance drops its copy as soon as Redis tells it (well inside the cache's 10 s).
    await vi.waitFor(async () => expect(await listed(viaB)).toContain('Pixel behind nginx'), { timeout: 2_000, interval: 50 });
    expect(await listed(viaA)).toContain('Pixel behind nginx');
  });

  it('a bKash payment is settled once when its return reaches both instances at once', async () => {
    const img = await uploadPicture(viaB, seller);
    const product = await sendRoute(viaB, 'addProduct', {
      token: seller,
      body: productBody(categoryId, img, { productName: 'Paid twice?', resalePrice: 30000 }),
    });
    const productId = (product.body.data as { _id: string })._id;
    const booked = await sendRoute(viaA, 'book', { token: buyer, body: { productId, meetingLocation: 'Gulshan 1', mobileNumber: '01911-222333' } });
    expect(booked.status).toBe(201);
    const orderId = (booked.body.data as { _id: string })._id;
    const created = await sendRoute(viaB, 'bkashCreate', { token: buyer, body: { orderId } });
    expect(created.status).toBe(200);
    const { paymentID } = created.body.data as { paymentID: string };
    // The buyer pays on bKash's page (the stand-in, served by the instances), which sends the browser back to the shop.
    const wallet = await fetch(`${lb}/bkash-sandbox/checkout`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ paymentID, action: 'confirm', wallet: sandboxWallets.success, otp: sandboxWallets.otp, pin: sandboxWallets.pin }),
    });
    const back = new URL(wallet.headers.get('location')!);
    expect(back.origin).toBe(lb);
    // The same return, on both instances at once (a browser retried, or a proxy repeated it).
    const returns = await Promise.all([viaA, viaB].map((base) => send(base, 'GET', back.pathname + back.search)));
    for (const r of returns) {
      expect(r.status).toBe(302);
      expect(r.headers.get('location')).toBe(`/dashboard/payment/${orderId}?bkash=success`);
    }
    const { rows: paid } = await sql.query('select count(*)::int as n from payments where order_id = $1', [orderId]);
    expect(paid[0].n).toBe(1);
    const { rows: refunded } = await sql.query('select count(*)::int as n from refunds where order_id = $1', [orderId]);
    expect(refunded[0].n).toBe(0);
    const order = await sendRoute(viaA, 'order', { params: { id: orderId }, token: buyer });
    expect(order.body.data).toMatchObject({ paid: true });
  });

  it('a conversation flowing through both instances while one is killed: the stream reconnects and misses nothing', async () => {
    const img = await uploadPicture(viaA, seller);
    const posted = await sendRoute(viaA, 'addProduct', { token: seller, body: productBody(categoryId, img, { productName: 'Talked about' }) });
    const productId = (posted.body.data as { _id: string })._id;
    const started = await sendRoute(lb, 'startConversation', { token: buyer, body: { productId, body: 'Is it still there?' } });
    expect(started.status).toBe(201);
    const conversationId = (started.body.data as { _id: string })._id;
    // The buyer's stream is on instance B (the one that dies); the seller writes through A, the other instance.
    let stream = await openSse(`${viaB}/api/events`, buyer);
    expect(stream.res.status).toBe(200);
    const seen: LiveEventSeen[] = [];
    const total = 60;
    let sent = 0;
    const writer = (async () => {
      for (let i = 1; i <= total; i++) {
        const res = await sendRoute(viaA, 'sendMessage', { token: seller, params: { id: conversationId }, body: { body: `m${i}` } });
        expect(res.status).toBe(201);
        sent = i;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    // Messages arrive through nginx as they are written (nothing buffered): then B dies under the stream.
    await stream.until((e) => messageBodies(e).length >= 10, 'the first messages through nginx');
    b.child.kill('SIGKILL');
    await b.exited;
    await stream.ended;
    seen.push(...stream.events);
    const last = seen.at(-1)!.id;
    // The browser reconnects through the balanced address (A now) with the last id it saw.
    stream = await openSse(`${lb}/api/events`, buyer, last);
    await writer;
    await stream.until((e) => messageBodies(e).includes(`m${total}`), 'the last message after the reconnect', 20_000);
    const after = stream.events.filter((e) => Number(e.id) > Number(last));
    const bodies = [...messageBodies(seen), ...messageBodies(after)];
    expect(sent).toBe(total);
    expect(bodies).toEqual(Array.from({ length: total }, (_, i) => `m${i + 1}`));
    stream.close();
    // B comes back for the tests after this one.
    b = await launch(ports[1]!);
  });

  it('an instance killed under load: no request fails but those it had in hand, and the other serves the rest', async () => {
    const paths = [
      routePath('categories'),
      routePath('categoryProducts', { params: { id: categoryId } }),
      routePath('searchProducts', { query: { q: 'iphone' } }),
      routePath('searchProducts', { query: { sort: 'price_asc' } }),
    ];
    let started = 0;
    let inFlight = 0;
    const failures: string[] = [];
    let ok = 0;
    let stop = false;
    let gone = false;
    const worker = async (w: number) => {
      for (let i = 0; !stop; i++) {
        // Now and then a request nginx must not repeat (a POST): a login, with an e-mail of its own (refused: 401).
        const login = i % 5 === 4;
        // Sent before the killed instance was gone: nginx may have passed it to it.
        const beforeGone = !gone;
        started++;
        inFlight++;
        try {
          const res = login
            ? await sendRoute(lb, 'logIn', { body: { email: `load-${w}-${i}@example.com`, password: 'secret1' } })
            : await send(lb, 'GET', paths[(w + i) % paths.length]!);
          if (res.status !== (login ? 401 : 200))
            failures.push(
              `${res.status} ${login ? 'login' : 'GET'}${res.body.code ? ` ${res.body.code}` : ''}${beforeGone ? '' : ' (sent after the instance was gone)'}`,
            );
          else ok++;
        } catch (err) {
          // An answer the dead instance had begun: nginx had passed part of it on, and can only cut it short.
          failures.push(
            `${(err as Error).message === 'terminated' ? 'cut short' : String(err)} ${login ? 'login' : 'GET'}${beforeGone ? '' : ' (sent after the instance was gone)'}`,
          );
        } finally {
          inFlight--;
        }
      }
    };
    const load = Promise.all(Array.from({ length: 8 }, (_, w) => worker(w)));
    await vi.waitFor(() => expect(ok).toBeGreaterThan(100), { timeout: 20_000 });
    const inFlightAtKill = inFlight;
    a.child.kill('SIGKILL');
    const killedAt = ok;
    await a.exited;
    gone = true;
    await vi.waitFor(() => expect(ok).toBeGreaterThan(killedAt + 200), { timeout: 20_000 });
    stop = true;
    await load;
    console.log(
      `two instances behind nginx, one killed: ${started} requests, ${ok} answered, ${failures.length} failed (${inFlightAtKill} in flight at the kill): ${failures.slice(0, 5).join('; ')}`,
    );
    expect(failures.length).toBeLessThanOrEqual(inFlightAtKill);
    // What failed was in the dead instance's hands when it died (sent before it was gone): a POST it had taken
    // (nginx may not repeat one), or an answer it had begun to send; every other request nginx passed on to the other.
    for (const f of failures) expect(f).toMatch(/^(502 login|cut short (GET|login))$/);
  });
});
