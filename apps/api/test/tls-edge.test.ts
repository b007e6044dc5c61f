import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from './databases.ts';
import { nginxInstalled, startTlsNginx, type TlsNginx } from './nginx.ts';
import { freePort, startApi, type ServerProcess } from './server-process.ts';
import { routePath } from './call-route.ts';

/**
 * TLS at the edge (issue 29): Debian's nginx with docs/deploy.md's TLS servers (test/nginx.ts writes them) and
 * a certificate made for this run, in front of one instance with PUBLIC_URL on https. Checks what a header
 * scanner grades. In the postgres project only, like test/instances.test.ts; in CI nginx is required.
 */
const haveNginx = nginxInstalled();
if (!haveNginx && process.env.CI === 'true') throw new Error('nginx is required in CI (Debian package nginx; .ci/run installs it)');
if (!haveNginx) console.warn('\n!!! nginx is not installed (/usr/sbin/nginx): SKIPPING the TLS test behind nginx !!!\n');

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Every header line as sent, names in lower case: a header sent twice shows twice. */
  raw: [string, string][];
  text: string;
}

/** GET (or a POST of `body`) over TLS, trusting only this run's certificate. */
function getTls(url: string, ca: string, body?: { type: string; bytes: Buffer }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const method = body ? 'POST' : 'GET';
    const headers = body ? { 'content-type': body.type, 'content-length': body.bytes.length } : {};
    const req = request(url, { ca, method, headers, timeout: 10_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const raw: [string, string][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) raw.push([res.rawHeaders[i]!.toLowerCase(), res.rawHeaders[i + 1]!]);
        resolve({ status: res.statusCode!, headers: res.headers, raw, text: Buffer.concat(chunks).toString() });
      });
    });
    req.on('timeout', () => req.destroy(new Error(`no answer from ${url} within 10 s`)));
    req.on('error', reject);
    req.end(body?.bytes);
  });
}

/** A picture as a browser's form sends it: multipart/form-data, in the field "image". */
async function pictureForm(bytes: Buffer, name: string) {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), name);
  const encoded = new Response(form);
  return { type: encoded.headers.get('content-type')!, bytes: Buffer.from(await encoded.arrayBuffer()) };
}

describe.runIf(haveNginx)('nginx terminating TLS in front of the app (docs/deploy.md)', { timeout: 60_000 }, () => {
  let nginx: TlsNginx;
  let app: ServerProcess;
  let database: { url: string; drop(): Promise<void> };
  const dataDir = mkdtempSync(join(tmpdir(), 'market-tls-'));

  beforeAll(async () => {
    database = await createPostgresDatabase();
    const port = await freePort();
    nginx = await startTlsNginx(port);
    // docs/deploy.md's settings for an instance behind nginx.
    app = await startApi({
      port,
      env: { DATA_DIR: dataDir, DATABASE_URL: database.url, PUBLIC_URL: nginx.https, TRUST_PROXY: '1', HOST: '127.0.0.1', DEMO: 'false' },
      timeoutMs: 50_000,
    });
  });
  afterAll(async () => {
    await app?.stop();
    await nginx?.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('plain HTTP only redirects, permanently, to the same path and query on HTTPS', async () => {
    const res = await fetch(`${nginx.http}/search?q=iphone%2013&sort=price`, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(`${nginx.https}/search?q=iphone%2013&sort=price`);
    // Nothing of the app's reaches the plain side.
    expect(res.headers.get('content-security-policy')).toBeNull();
  });

  it("over HTTPS: one HSTS header, and the app's own headers a scanner grades passed through", async () => {
    const res = await getTls(`${nginx.https}${routePath('categories')}`, nginx.ca);
    expect(res.status, nginx.errors()).toBe(200);
    const hsts = res.raw.filter(([name]) => name === 'strict-transport-security').map(([, value]) => value);
    expect(hsts).toEqual(['max-age=31536000']);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it("lets a camera's original through to the app (issue 35): a 6.2 MB photo is stored, one over 20 MB gets the app's own 413", async () => {
    const url = `${nginx.https}${routePath('uploadImage')}`;
    const photo = await sharp(randomBytes(4000 * 3000 * 3), { raw: { width: 4000, height: 3000, channels: 3 } })
      .jpeg({ quality: 72 })
      .toBuffer();
    expect(photo.length).toBeGreaterThan(6 * 1024 * 1024);
    const stored = await getTls(url, nginx.ca, await pictureForm(photo, 'IMG_20250301_101500.jpg'));
    expect(stored.status, nginx.errors() + stored.text).toBe(201);
    // A JPEG signature, then zeros: over the app's limit by a byte, within nginx's, so the seller reads the app's words.
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(20 * 1024 * 1024 - 3)]);
    const refused = await getTls(url, nginx.ca, await pictureForm(big, 'IMG_20250301_101501.jpg'));
    expect(refused.status).toBe(413);
    expect(JSON.parse(refused.text)).toMatchObject({ success: false, code: 'image_too_large', message: 'image is too large: at most 20 MB' });
  });

  it("nginx's own answers on HTTPS carry HSTS too (/metrics is refused at the edge)", async () => {
    const res = await getTls(`${nginx.https}/metrics`, nginx.ca);
    expect(res.status).toBe(403);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
  });
});
