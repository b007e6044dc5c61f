import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify, type ECDH, type KeyObject } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Agent, createServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { selfSignedCertificate } from './nginx.ts';

/** A subscription as a browser hands it to the application server (PushSubscription.toJSON()). */
export interface PushSubscriptionJson {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** One message the push service accepted, decrypted. */
export interface ReceivedPush {
  /** The subscription's endpoint. */
  subscription: string;
  /** The decrypted payload (UTF-8), '' for a push without one. */
  payload: string;
  ttl: number;
  urgency?: string;
  topic?: string;
  /** The `sub` claim of the VAPID JWT (`mailto:` or `https:`). */
  vapidSubject: string;
}

/** A request the push service refused: its status, why, and the path it was sent to. */
export interface RefusedPush {
  status: number;
  reason: string;
  path: string;
}

export interface PushService {
  /** `https://127.0.0.1:<port>`: the origin of every endpoint, and the `aud` a VAPID JWT must name. */
  url: string;
  /** The service's self-signed certificate (PEM), made for this run. */
  ca: string;
  /** An agent that trusts only that certificate: web-push's `agent` option. */
  agent: Agent;
  /** A new subscription as a browser would make it: its own P-256 key pair and 16-byte auth secret, endpoint url/push/<id>. */
  subscribe(): PushSubscriptionJson;
  /** Ends a subscription: later pushes to it answer 410 Gone (as real push services do). */
  expire(endpoint: string): void;
  /** Decrypted messages, in arrival order. */
  received: ReceivedPush[];
  /** What it refused and why, in arrival order. */
  refused: RefusedPush[];
  /** Resolves when `n` messages have been received in all; rejects after `timeoutMs`. */
  waitFor(n: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

/** The most a push service must accept (RFC 8291 §4): 3993 octets of plaintext. */
const MAX_BODY = 4096;
/** The longest a VAPID JWT may live (RFC 8292 §2). */
const MAX_JWT_SECONDS = 24 * 60 * 60;
const URGENCIES = ['very-low', 'low', 'normal', 'high'];

/** A refusal: the status the request is answered with, and why. */
class Refusal extends Error {
  status: number;
  constructor(status: number, reason: string) {
    super(reason);
    this.status = status;
  }
}

function refuse(status: number, reason: string): never {
  throw new Refusal(status, reason);
}

interface Subscription {
  endpoint: string;
  keys: ECDH;
  auth: Buffer;
  expired: boolean;
}

/**
 * A Web Push service (RFC 8030) on 127.0.0.1: it accepts a push only with a VAPID JWT (RFC 8292) signed by
 * `vapidPublicKey`'s pair for its own origin, and decrypts its aes128gcm payload (RFC 8291, RFC 8188) with the
 * subscription's keys. It speaks HTTPS, as push services do (web-push sends over https only), with a certificate
 * made by openssl for this run.
 */
export async function startPushService(options: { vapidPublicKey: string }): Promise<PushService> {
  const serverKey = Buffer.from(options.vapidPublicKey, 'base64url');
  const { key, cert } = await certificate();
  const subscriptions = new Map<string, Subscription>();
  const received: ReceivedPush[] = [];
  const refused: RefusedPush[] = [];
  const waiters = new Set<() => void>();
  let url = '';

  async function accept(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    const path = new URL(req.url ?? '/', url).pathname;
    try {
      const id = /^\/push\/([\w-]+)$/.exec(path)?.[1] ?? refuse(404, `no push resource at ${path}`);
      if (req.method !== 'POST') refuse(405, `${req.method} on a push resource (only POST)`);
      const subscription = subscriptions.get(id) ?? refuse(404, `no subscription ${id}`);
      if (subscription.expired) refuse(410, `subscription ${id} has expired`);
      const vapidSubject = checkVapid(req.headers.authorization, url, serverKey);
      const ttlHeader = header(req, 'ttl') ?? '';
      const ttl = /^\d+$/.test(ttlHeader) ? Number(ttlHeader) : refuse(400, 'no TTL header (RFC 8030 §5.2)');
      const urgency = header(req, 'urgency');
      if (urgency !== undefined && !URGENCIES.includes(urgency)) refuse(400, `unknown Urgency ${urgency}`);
      const topic = header(req, 'topic');
      if (topic !== undefined && !/^[\w-]{1,32}$/.test(topic)) refuse(400, `Topic ${topic} is not 1 to 32 base64url characters`);
      if (body.length > MAX_BODY) refuse(413, `a body of ${body.length} bytes (at most ${MAX_BODY})`);
      let payload = '';
      if (body.length > 0) {
        const encoding = req.headers['content-encoding'];
        if (encoding !== 'aes128gcm') refuse(415, `Content-Encoding ${encoding ?? '(none)'}, not aes128gcm`);
        payload = decrypt(body, subscription).toString('utf8');
      }
      received.push({ subscription: subscription.endpoint, payload, ttl, urgency, topic, vapidSubject });
      for (const wake of waiters) wake();
      res.writeHead(201, { Location: `${url}/message/${randomBytes(12).toString('base64url')}`, TTL: String(ttl) }).end();
    } catch (err) {
      if (!(err instanceof Refusal)) throw err;
      refused.push({ status: err.status, reason: err.message, path });
      res.writeHead(err.status, { 'Content-Type': 'text/plain', ...(err.status === 401 ? { 'WWW-Authenticate': 'vapid' } : {}) }).end(err.message);
    }
  }

  const server = createServer({ key, cert }, (req, res) => {
    accept(req, res).catch((err: Error) => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end(String(err.stack ?? err));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  url = `https://127.0.0.1:${(server.address() as { port: number }).port}`;
  const agent = new Agent({ ca: cert });

  const idOf = (endpoint: string) => {
    const id = endpoint.startsWith(`${url}/push/`) ? endpoint.slice(`${url}/push/`.length) : '';
    if (!subscriptions.has(id)) throw new Error(`${endpoint} is not a subscription of this push service`);
    return id;
  };

  return {
    url,
    ca: cert,
    agent,
    received,
    refused,
    subscribe() {
      const id = randomBytes(12).toString('base64url');
      const keys = createECDH('prime256v1');
      keys.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${url}/push/${id}`;
      subscriptions.set(id, { endpoint, keys, auth, expired: false });
      return { endpoint, keys: { p256dh: keys.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
    },
    expire(endpoint) {
      subscriptions.get(idOf(endpoint))!.expired = true;
    },
    waitFor(n, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < n) return;
          done();
          resolve([...received]);
        };
        const timer = setTimeout(() => {
          done();
          const why = refused.map((r) => `${r.status} ${r.reason}`).join('; ') || 'none';
          reject(new Error(`${received.length} of ${n} pushes arrived within ${timeoutMs} ms (refused: ${why})`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    async close() {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Checks `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292 §3): an ES256 JWT signed with k, for `audience`, expiring
 * within 24 h, with a `mailto:` or `https:` subject; 401 otherwise, and 403 when k is not `serverKey`, the key the
 * subscription was made for (§4.2). Returns the subject.
 */
function checkVapid(authorization: string | undefined, audience: string, serverKey: Buffer): string {
  if (!authorization) refuse(401, 'no Authorization header (RFC 8292: vapid t=<JWT>, k=<key>)');
  const params = /^vapid\s+(.*)$/i.exec(authorization)?.[1] ?? refuse(401, `Authorization is not the vapid scheme: ${authorization.split(' ')[0]}`);
  const param = new Map(
    params.split(',').map((p) => {
      const [name = '', ...value] = p.split('=');
      return [
        name.trim().toLowerCase(),
        value
          .join('=')
          .trim()
          .replace(/^"(.*)"$/, '$1'),
      ] as const;
    }),
  );
  const t = param.get('t') || refuse(401, 'the vapid Authorization has no t (the JWT)');
  const k = param.get('k') || refuse(401, 'the vapid Authorization has no k (the public key)');
  const key = base64url(k) ?? refuse(401, 'k is not base64url');
  if (key.length !== 65 || key[0] !== 4) refuse(401, `k is not an uncompressed P-256 point (${key.length} bytes)`);
  let publicKey: KeyObject;
  try {
    const [x, y] = [key.subarray(1, 33).toString('base64url'), key.subarray(33).toString('base64url')];
    publicKey = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x, y }, format: 'jwk' });
  } catch {
    refuse(401, 'k is not a point on P-256');
  }

  const [head = '', claims = '', signature = '', ...rest] = t.split('.');
  if (rest.length > 0 || !signature) refuse(401, 'the JWT is not header.claims.signature');
  const alg = json(head)?.alg;
  if (alg !== 'ES256') refuse(401, `the JWT's alg is ${String(alg)}, not ES256`);
  const sig = base64url(signature);
  if (sig?.length !== 64) refuse(401, 'the JWT signature is not 64 bytes (r || s)');
  const signed = verify('sha256', Buffer.from(`${head}.${claims}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, sig);
  if (!signed) refuse(401, 'the JWT signature does not verify with k');

  const { aud, exp, sub } = json(claims) ?? refuse(401, 'the JWT claims are not a JSON object');
  if (aud !== audience) refuse(401, `the JWT's aud is ${String(aud)}, not this push service's origin ${audience}`);
  const now = Math.floor(Date.now() / 1000);
  if (!Number.isInteger(exp) || (exp as number) <= now) refuse(401, `the JWT has expired (exp ${String(exp)}, now ${now})`);
  if ((exp as number) > now + MAX_JWT_SECONDS) refuse(401, `the JWT's exp is more than 24 h ahead (${String(exp)}, now ${now})`);
  if (typeof sub !== 'string' || !/^(mailto|https):/.test(sub)) refuse(401, `the JWT's sub ${String(sub)} is not a mailto: or https: URI`);
  if (!key.equals(serverKey)) refuse(403, `k ${k} is not the application server key the subscription was made for`);
  return sub;
}

/** RFC 8291 §3.4 and RFC 8188 §2: the payload of a single-record aes128gcm body encrypted for `subscription`. */
function decrypt(body: Buffer, subscription: Subscription): Buffer {
  // The header: salt (16) | rs (4) | idlen (1) | keyid, which is the application server's ECDH public key (65).
  if (body.length < 21) refuse(400, 'the body is shorter than an aes128gcm header');
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  if (idlen !== 65) refuse(400, `the keyid is ${idlen} bytes, not an uncompressed P-256 public key (65)`);
  const asPublic = body.subarray(21, 86);
  const record = body.subarray(86);
  if (rs < 18) refuse(400, `rs ${rs} is below 18`);
  if (record.length > rs) refuse(400, `${record.length} bytes of records with rs ${rs}: more than the single record RFC 8291 §4 allows`);
  if (record.length < 17) refuse(400, 'the record is shorter than its tag and delimiter');

  const uaPublic = subscription.keys.getPublicKey();
  let ecdhSecret: Buffer;
  try {
    ecdhSecret = subscription.keys.computeSecret(asPublic);
  } catch {
    refuse(400, 'the keyid is not a point on P-256');
  }
  const prkKey = hmac(subscription.auth, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = hmac(prkKey, Buffer.concat([keyInfo, Buffer.of(1)]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.concat([Buffer.from('Content-Encoding: aes128gcm\0'), Buffer.of(1)])).subarray(0, 16);
  // The nonce of record 0 (NONCE xor 0).
  const nonce = hmac(prk, Buffer.concat([Buffer.from('Content-Encoding: nonce\0'), Buffer.of(1)])).subarray(0, 12);

  let plain: Buffer;
  try {
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(-16));
    plain = Buffer.concat([decipher.update(record.subarray(0, -16)), decipher.final()]);
  } catch {
    refuse(400, "the record does not decrypt with the subscription's keys (tag mismatch)");
  }
  // The last record's padding: the delimiter 2, then zeros.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) refuse(400, "the record's padding does not start with the last record's delimiter 2");
  return plain.subarray(0, end);
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

const base64url = (text: string) => (/^[\w-]+$/.test(text) ? Buffer.from(text, 'base64url') : undefined);

/** A base64url JSON object, or undefined. */
function json(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(base64url(text)?.toString('utf8') ?? '');
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** A P-256 key and a self-signed certificate for 127.0.0.1 (PEM), made by openssl for this run. */
async function certificate(): Promise<{ key: string; cert: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'market-push-'));
  try {
    selfSignedCertificate(dir);
    return { key: await readFile(join(dir, 'key.pem'), 'utf8'), cert: await readFile(join(dir, 'cert.pem'), 'utf8') };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
