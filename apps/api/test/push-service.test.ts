import { createECDH, createPrivateKey, sign } from 'node:crypto';
import { request } from 'node:https';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush, { WebPushError, type VapidKeys } from 'web-push';
import { startPushService, type PushService, type PushSubscriptionJson } from './push-service.ts';

/** http_ece, which web-push encrypts with: here only to make bodies web-push does not (padding, several records). */
const ece = createRequire(import.meta.url)('http_ece') as {
  encrypt(
    payload: Buffer,
    params: { version: 'aes128gcm'; dh: string; privateKey: ReturnType<typeof createECDH>; authSecret: string; rs?: number; pad?: number },
  ): Buffer;
};

const subject = 'mailto:ops@resale.test';
const vapid: VapidKeys = webpush.generateVAPIDKeys();
let push: PushService;

beforeAll(async () => {
  push = await startPushService({ vapidPublicKey: vapid.publicKey });
});
afterAll(() => push.close());

const send = (subscription: PushSubscriptionJson, payload: string | null, keys: VapidKeys = vapid, options: webpush.RequestOptions = {}) =>
  webpush.sendNotification(subscription, payload, { vapidDetails: { subject, ...keys }, agent: push.agent, ...options });

/** What web-push rejects with when the push service refuses. */
async function refusal(sending: Promise<unknown>): Promise<WebPushError> {
  const err = await sending.then(
    () => expect.fail('the push service accepted it'),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(WebPushError);
  return err as WebPushError;
}

/** A POST to `endpoint` with exactly these headers and body. */
function post(endpoint: string, headers: Record<string, string | number>, body: Buffer = Buffer.alloc(0)) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(endpoint, { method: 'POST', headers: { 'Content-Length': body.length, ...headers }, agent: push.agent }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** An ES256 JWT over `claims`, signed with `keys`' private key, as the vapid Authorization header. */
function vapidHeader(claims: Record<string, unknown>, keys: VapidKeys = vapid, head: Record<string, unknown> = { typ: 'JWT', alg: 'ES256' }) {
  const pub = Buffer.from(keys.publicKey, 'base64url');
  const jwk = { kty: 'EC', crv: 'P-256', d: keys.privateKey, x: pub.subarray(1, 33).toString('base64url'), y: pub.subarray(33).toString('base64url') };
  const part = (o: Record<string, unknown>) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const unsigned = `${part(head)}.${part(claims)}`;
  const signature = sign('sha256', Buffer.from(unsigned), { key: createPrivateKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' });
  return `vapid t=${unsigned}.${signature.toString('base64url')}, k=${keys.publicKey}`;
}

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

/** Refusals recorded from now on. */
function refusedFrom() {
  const start = push.refused.length;
  return () => push.refused.slice(start);
}

describe('the local push service', () => {
  it('receives what web-push sends and decrypts it exactly: ASCII, Bangla, 3 KB, and a push without a payload', async () => {
    const subscription = push.subscribe();
    const bangla = 'আপনার Samsung Galaxy A54-এর জন্য নতুন প্রস্তাব: ৳২৮,৫০০ — ঢাকা থেকে';
    const large = JSON.stringify({ title: 'নতুন বার্তা', body: 'ফোনটি কি এখনো পাওয়া যাবে? '.repeat(45) });
    expect(Buffer.byteLength(large)).toBeGreaterThan(3 * 1024);
    expect(Buffer.byteLength(large)).toBeLessThanOrEqual(3993);
    const start = push.received.length;

    const answer = await send(subscription, 'hello', vapid, { TTL: 60, urgency: 'high', topic: 'deal-42' });
    expect(answer.statusCode).toBe(201);
    expect(answer.headers.location).toMatch(new RegExp(`^${push.url}/message/`));
    await send(subscription, bangla);
    await send(subscription, large);
    await send(subscription, null);

    const received = (await push.waitFor(start + 4)).slice(start);
    expect(received).toEqual([
      { subscription: subscription.endpoint, payload: 'hello', ttl: 60, urgency: 'high', topic: 'deal-42', vapidSubject: subject },
      { subscription: subscription.endpoint, payload: bangla, ttl: 2419200, urgency: 'normal', topic: undefined, vapidSubject: subject },
      { subscription: subscription.endpoint, payload: large, ttl: 2419200, urgency: 'normal', topic: undefined, vapidSubject: subject },
      { subscription: subscription.endpoint, payload: '', ttl: 2419200, urgency: 'normal', topic: undefined, vapidSubject: subject },
    ]);
  });

  it('takes the 3993 bytes of plaintext RFC 8291 allows and refuses one more with 413', async () => {
    const subscription = push.subscribe();
    await send(subscription, 'x'.repeat(3993));
    expect((await refusal(send(subscription, 'x'.repeat(3994)))).statusCode).toBe(413);
  });

  it('refuses with 403 a message signed by another application server key than the subscription was made for', async () => {
    const refused = refusedFrom();
    const err = await refusal(send(push.subscribe(), 'not for you', webpush.generateVAPIDKeys()));
    expect(err.statusCode).toBe(403);
    expect(err.body).toMatch(/not the application server key/);
    expect(refused()).toEqual([{ status: 403, reason: err.body, path: expect.stringMatching(/^\/push\//) }]);
  });

  it('refuses with 401 a JWT whose signature was tampered with', async () => {
    const subscription = push.subscribe();
    const details = webpush.generateRequestDetails(subscription, 'tampered', { vapidDetails: { subject, ...vapid } });
    const authorization = details.headers.Authorization as string;
    const [, jwt = '', key] = /^vapid t=([^,]+), k=(.+)$/.exec(authorization)!;
    const [head, claims, signature = ''] = jwt.split('.');
    const flipped = signature.slice(0, 10) + (signature[10] === 'A' ? 'B' : 'A') + signature.slice(11);
    const refused = refusedFrom();

    const answer = await post(
      subscription.endpoint,
      { ...details.headers, Authorization: `vapid t=${head}.${claims}.${flipped}, k=${key}` },
      details.body as Buffer,
    );
    expect(answer).toEqual({ status: 401, body: 'the JWT signature does not verify with k' });
    expect(refused().map((r) => r.status)).toEqual([401]);
    // The same request untouched is taken: only the signature was wrong.
    expect((await post(subscription.endpoint, details.headers as Record<string, string>, details.body as Buffer)).status).toBe(201);
  });

  it('refuses with 401 what RFC 8292 does not allow in the Authorization header', async () => {
    const subscription = push.subscribe();
    const audience = push.url;
    const now = Math.floor(Date.now() / 1000);
    const cases: [string, string | undefined, RegExp][] = [
      ['none', undefined, /no Authorization header/],
      [
        'the older WebPush scheme',
        vapidHeader({ aud: audience, exp: inAnHour(), sub: subject }).replace(/^vapid t=([^,]+),.*$/, 'WebPush $1'),
        /not the vapid scheme/,
      ],
      ['no k', vapidHeader({ aud: audience, exp: inAnHour(), sub: subject }).replace(/, k=.*/, ''), /no k/],
      ['another audience', vapidHeader({ aud: 'https://fcm.googleapis.com', exp: inAnHour(), sub: subject }), /aud/],
      ['an expired JWT', vapidHeader({ aud: audience, exp: now - 1, sub: subject }), /expired/],
      ['a JWT for more than 24 h', vapidHeader({ aud: audience, exp: now + 25 * 3600, sub: subject }), /24 h/],
      ['an http: subject', vapidHeader({ aud: audience, exp: inAnHour(), sub: 'http://resale.test' }), /sub/],
      ['alg none', vapidHeader({ aud: audience, exp: inAnHour(), sub: subject }, vapid, { alg: 'none' }), /alg/],
      [
        'k that did not sign',
        vapidHeader({ aud: audience, exp: inAnHour(), sub: subject }).replace(/k=.*/, `k=${webpush.generateVAPIDKeys().publicKey}`),
        /signature/,
      ],
    ];
    for (const [what, authorization, reason] of cases) {
      const answer = await post(subscription.endpoint, { TTL: 60, ...(authorization ? { Authorization: authorization } : {}) });
      expect({ what, ...answer }).toEqual({ what, status: 401, body: expect.stringMatching(reason) });
    }
    // The same JWT done right is taken.
    const right = await post(subscription.endpoint, { TTL: 60, Authorization: vapidHeader({ aud: audience, exp: inAnHour(), sub: subject }) });
    expect(right.status).toBe(201);
  });

  it('answers 410 Gone for an expired subscription and 404 for an unknown one', async () => {
    const subscription = push.subscribe();
    await send(subscription, 'still here');
    push.expire(subscription.endpoint);
    const gone = await refusal(send(subscription, 'gone'));
    expect(gone.statusCode).toBe(410);
    expect(gone.endpoint).toBe(subscription.endpoint);

    const unknown = { ...push.subscribe(), endpoint: `${push.url}/push/nobody` };
    expect((await refusal(send(unknown, 'nobody'))).statusCode).toBe(404);
    expect(push.refused.slice(-2).map((r) => r.status)).toEqual([410, 404]);
    expect(push.received.some((r) => r.payload === 'gone' || r.payload === 'nobody')).toBe(false);
  });

  describe('bodies web-push does not send (made with http_ece)', () => {
    const encrypt = (subscription: PushSubscriptionJson, text: string, params: { rs?: number; pad?: number } = {}) => {
      const keys = createECDH('prime256v1');
      keys.generateKeys();
      return ece.encrypt(Buffer.from(text), {
        version: 'aes128gcm',
        dh: subscription.keys.p256dh,
        privateKey: keys,
        authSecret: subscription.keys.auth,
        ...params,
      });
    };
    const headers = () => ({ TTL: 0, 'Content-Encoding': 'aes128gcm', Authorization: vapidHeader({ aud: push.url, exp: inAnHour(), sub: subject }) });

    it('strips the padding after the delimiter', async () => {
      const subscription = push.subscribe();
      const start = push.received.length;
      expect((await post(subscription.endpoint, headers(), encrypt(subscription, 'padded ফোন', { pad: 200 }))).status).toBe(201);
      expect((await push.waitFor(start + 1))[start]).toMatchObject({ payload: 'padded ফোন', ttl: 0 });
    });

    it('refuses with 400 several records, a body for other keys or altered, and with 415 another encoding', async () => {
      const subscription = push.subscribe();
      const other = push.subscribe();
      const altered = encrypt(subscription, 'altered');
      altered[90]! ^= 1;
      const answers = [
        await post(subscription.endpoint, headers(), encrypt(subscription, 'x'.repeat(200), { rs: 100 })),
        await post(subscription.endpoint, headers(), encrypt(other, 'for the other')),
        await post(subscription.endpoint, headers(), altered),
        await post(subscription.endpoint, { ...headers(), 'Content-Encoding': 'aesgcm' }, encrypt(subscription, 'old')),
        await post(subscription.endpoint, { Authorization: headers().Authorization, 'Content-Encoding': 'aes128gcm' }, encrypt(subscription, 'no TTL')),
      ];
      expect(answers).toEqual([
        { status: 400, body: expect.stringMatching(/single record/) },
        { status: 400, body: expect.stringMatching(/does not decrypt/) },
        { status: 400, body: expect.stringMatching(/does not decrypt/) },
        { status: 415, body: expect.stringMatching(/aesgcm/) },
        { status: 400, body: expect.stringMatching(/TTL/) },
      ]);
    });
  });
});
