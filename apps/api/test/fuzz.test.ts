import {
  ChangePasswordBody,
  ForgotPasswordBody,
  GoogleUserBody,
  LoginBody,
  NewOrderBody,
  NewProductBody,
  PaymentBody,
  PaymentIntentBody,
  ResetPasswordBody,
  SandboxConfirmBody,
  SignUpBody,
  VerifyEmailBody,
} from '@market/contract';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { SignJWT, UnsecuredJWT } from 'jose';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { accessTable, type RouteKey, type Rule } from '../src/access-table.ts';
import * as schema from '../src/db/schema.ts';
import { sandboxProvider } from '../src/modules/payments/sandbox.ts';
import { book, createAdmin, createCategory, linkToken, markPaid, postProduct, productBody, signUp, uploadedPicture, type Actor } from './fixtures.ts';
import { googleIdToken } from './google.ts';
import { call, useTestApp } from './helper.ts';

/**
 * Property-based fuzzing of every route in the access table (fast-check): wrong types,
 * missing and extra fields, huge strings, unicode, `__proto__`/`constructor` keys,
 * malformed ids, bad JSON, wrong content types, garbage and forged tokens.
 *
 * Every request is built to be refused: it carries at least one defect the server must
 * notice (no, a bad or an ended token, a caller the access table turns away, an unconfirmed
 * e-mail where the table asks for one, an id that names nothing, a body its schema refuses),
 * or it is one that cannot succeed here by construction (`harmless` and `harmlessCaller`
 * below say why: a link code that does not work, a picture nobody uploaded, a wrong current
 * password…). So, for every response: no 5xx; no 2xx except for GETs, which may succeed
 * (JSON with `success: true`), and for forgot-password's 202, which it answers whether or
 * not the address has an account (`answersAlike`); every error in the one
 * JSON error shape (two routes answer some errors otherwise by design: the Google popup's
 * callback with its HTML page, the payment sandbox processor as Stripe does). Afterwards
 * the database is exactly as before: the row count and an md5 over the rows of every table;
 * no table may change on a refused request (limits' counters live in memory or Redis).
 *
 * `FUZZ_REQUESTS=100000 npx vitest run test/fuzz.test.ts` runs a longer campaign. A failure
 * prints fast-check's seed and path: give them to `fc.assert`'s options to replay it.
 */

const MIN_REQUESTS = 10_000;
const REQUESTS = Math.max(MIN_REQUESTS, Number(process.env.FUZZ_REQUESTS) || 0);
/** Fastify's bodyLimit in app.ts. */
const BODY_LIMIT = 256 * 1024;
const routeKeys = Object.keys(accessTable) as RouteKey[];
const RUNS_PER_ROUTE = Math.ceil(REQUESTS / routeKeys.length);

const ctx = useTestApp({}, { resetEach: false });

// ---------------------------------------------------------------------------
// The world: a few rows of every kind, which the requests aim at and must leave alone.

const actorNames = ['admin', 'seller', 'otherSeller', 'buyer', 'otherBuyer', 'unverifiedBuyer', 'unverifiedSeller'] as const;
type ActorName = (typeof actorNames)[number];
/** These two have not confirmed their e-mail address: rules with `verified: true` turn them away. */
const isVerified = (name: ActorName) => !name.startsWith('unverified');
/** Every product here is `seller`'s and every order `buyer`'s: the others own nothing. */
const OWNER = { product: 'seller', order: 'buyer' } as const satisfies Record<string, ActorName>;
/** The only passwords of the world's accounts (fixtures): no generated login body carries them. */
const PASSWORDS = ['secret1', 'admin1'];

interface World {
  actors: Record<ActorName, Actor>;
  categoryId: string;
  productIds: string[];
  orderIds: string[];
  intent: { id: string; clientSecret: string };
  /** Every account's e-mail (as stored: lower case). */
  emails: string[];
  /** Every picture in the uploads table (some attached to a user or product, one not). */
  uploads: string[];
  /** One-time link codes: the only ones that would work (unused, unexpired), and others that must not. */
  links: { verify: string[]; reset: string[]; dead: string[] };
  /** Every id, e-mail and secret of the world: an id mentioning one may name a real row. */
  known: string[];
  forged: { what: string; value: string }[];
  png: Buffer;
}
let world: World;

interface Snapshot {
  name: string;
  rows: number;
  md5: string;
}
let tableNames: string[];
let before: Snapshot[];
const prototypeNames = Object.getOwnPropertyNames(Object.prototype).sort().join();

beforeAll(async () => {
  const { app } = ctx;
  const [admin, seller, otherSeller, buyer, otherBuyer, unverifiedBuyer, unverifiedSeller, gone, loggedOut, resetting] = await Promise.all([
    createAdmin(app),
    signUp(app, 'Seller'),
    signUp(app, 'Seller'),
    signUp(app, 'Buyer'),
    signUp(app, 'Buyer'),
    signUp(app, 'Buyer', undefined, { verified: false }),
    signUp(app, 'Seller', undefined, { verified: false }),
    signUp(app, 'Buyer'),
    signUp(app, 'Buyer'),
    signUp(app, 'Buyer'),
  ]);
  const actors = { admin, seller, otherSeller, buyer, otherBuyer, unverifiedBuyer, unverifiedSeller };
  const category = await createCategory(app);
  const [onSale, advertised, sold] = [
    await postProduct(app, seller, category.id),
    await postProduct(app, seller, category.id),
    await postProduct(app, seller, category.id),
  ];
  expect((await call(app, { method: 'PUT', url: `/api/advertise-product/${advertised._id}`, token: seller.token })).status).toBe(200);
  expect((await call(app, { method: 'PUT', url: `/api/report-product/${advertised._id}`, token: buyer.token })).status).toBe(200);
  const open = await book(app, buyer, onSale._id);
  const paid = await book(app, buyer, sold._id);
  await markPaid(app, paid._id, { payment: true, sold: true });
  const intent = await sandboxProvider(app.db).createIntent({ amount: 8_000_000, orderId: open._id });
  await app.db.insert(schema.stripeEvents).values({ id: 'evt_fuzz_handled', type: 'payment_intent.succeeded' });
  await app.db.insert(schema.oidcCodes).values({
    codeHash: 'fuzz-code-hash',
    clientId: 'fuzz',
    redirectUri: 'http://127.0.0.1/api/auth/google/callback',
    codeChallenge: 'c'.repeat(43),
    nonce: 'n',
    subject: 's',
    email: 'oidc@example.com',
    name: 'Oidc',
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  // A signed token whose account is gone.
  await app.db.delete(schema.users).where(eq(schema.users.id, gone._id));
  // A real token from before its owner logged out everywhere (its session version is over).
  expect((await call(app, { method: 'POST', url: '/api/logout-everywhere', token: loggedOut.token })).status).toBe(200);
  // A Google account (the local stand-in's): its identity row.
  const google = await call(app, { method: 'POST', url: '/api/google-user', payload: { idToken: await googleIdToken(app, { name: 'Fuzz Google', email: 'fuzz-google@example.com' }) } });
  expect(google.status, JSON.stringify(google.body)).toBe(201);
  // One-time link codes. Live: the unconfirmed actors' verification links and one reset link. Dead: a link
  // already used, one superseded by a newer mail, one expired (its row kept), codes nobody issued.
  const forgot = async (email: string) => expect((await call(app, { method: 'POST', url: '/api/forgot-password', payload: { email } })).status).toBe(202);
  await forgot(resetting.email);
  const superseded = await linkToken(app, resetting.email, 'reset-password');
  await forgot(resetting.email);
  // The other reset mail's code (both mails may carry the same timestamp: not "the newest").
  const resetMails = await app.db.select({ text: schema.outbox.textBody }).from(schema.outbox).where(and(eq(schema.outbox.toAddress, resetting.email), eq(schema.outbox.kind, 'reset-password')));
  const resetCodes = resetMails.map((m) => /[?&]token=([\w-]{43})/.exec(m.text ?? '')?.[1]);
  expect(resetCodes).toHaveLength(2);
  expect(resetCodes).toContain(superseded);
  const liveReset = resetCodes.find((t) => t !== superseded)!;
  expect(liveReset).toBeDefined();
  const expired = randomBytes(32).toString('base64url');
  await app.db.insert(schema.accountTokens).values({
    tokenHash: createHash('sha256').update(expired).digest('base64url'),
    userId: unverifiedSeller._id,
    purpose: 'verify-email',
    email: unverifiedSeller.email,
    expiresAt: new Date(Date.now() - 3_600_000),
  });
  const links = {
    verify: [await linkToken(app, unverifiedBuyer.email, 'verify-email'), await linkToken(app, unverifiedSeller.email, 'verify-email')],
    reset: [liveReset],
    dead: [await linkToken(app, buyer.email, 'verify-email'), superseded, expired, randomBytes(32).toString('base64url')],
  };
  // A picture uploaded but not yet used by anyone.
  await uploadedPicture(app);
  const uploaded = (await app.db.select({ name: schema.uploads.name }).from(schema.uploads)).map((r) => `/uploads/${r.name}`);
  const emails = (await app.db.select({ email: schema.users.email }).from(schema.users)).map((r) => r.email);
  const others = (await app.db.select({ id: schema.users.id }).from(schema.users)).map((r) => r.id);

  const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#0a0' } }).png().toBuffer();
  const ids = [...Object.values(actors).flatMap((a) => [a._id, a.email]), ...others, ...emails, gone._id, gone.email, category.id, onSale._id, advertised._id, sold._id, open._id, paid._id];
  world = {
    actors,
    categoryId: category.id,
    productIds: [onSale._id, advertised._id, sold._id],
    orderIds: [open._id, paid._id],
    intent: { id: intent.id, clientSecret: intent.clientSecret },
    emails,
    uploads: uploaded,
    links,
    known: [...ids, intent.id, intent.clientSecret, 'evt_fuzz_handled', `pi_test_${paid._id.slice(0, 8)}`].map((s) => s.toLowerCase()),
    forged: await forgeTokens(actors, gone, loggedOut),
    png,
  };

  tableNames = await publicTables();
  const declared = Object.values(schema)
    .filter((v) => is(v, PgTable))
    .map((t) => getTableName(t as PgTable));
  expect(tableNames).toEqual(expect.arrayContaining(declared));
  before = await snapshot();
  // Every table has rows, so that its checksum means something.
  for (const t of before) expect(t.rows, t.name).toBeGreaterThan(0);
});

/** Every table the migrations made (schema.ts declares each of them; a new one is covered too). */
async function publicTables(): Promise<string[]> {
  const res = (await ctx.app.db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: { name: string }[] };
  return res.rows.map((r) => r.name);
}

/** Row count and md5 of every table's rows in a stable order (the same SQL on PGlite and PostgreSQL). */
async function snapshot(): Promise<Snapshot[]> {
  const parts = tableNames.map(
    (name) =>
      sql`select ${name}::text as name, count(*)::int as rows, coalesce(md5(string_agg(t::text, ',' order by t::text)), '') as md5 from ${sql.identifier(name)} t`,
  );
  const res = (await ctx.app.db.execute(sql`${sql.join(parts, sql` union all `)} order by name`)) as unknown as { rows: Snapshot[] };
  return res.rows.map((r) => ({ name: r.name, rows: Number(r.rows), md5: r.md5 }));
}

// ---------------------------------------------------------------------------
// Tokens.

const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** Tokens that must never pass for anyone: wrong algorithm or key, expired, tampered, or naming no account. */
async function forgeTokens(actors: Record<ActorName, Actor>, gone: Actor, loggedOut: Actor) {
  const key = new TextEncoder().encode(ctx.config.jwtSecret);
  const wrongKey = new TextEncoder().encode('not-the-server-secret-but-every-bit-as-long!');
  const now = Math.floor(Date.now() / 1000);
  const sign = (claims: Record<string, unknown>, opts: { alg?: string; key?: Uint8Array; iat?: number; exp?: number; nbf?: number } = {}) => {
    const jwt = new SignJWT(claims)
      .setProtectedHeader({ alg: opts.alg ?? 'HS256', typ: 'JWT' })
      .setIssuedAt(opts.iat ?? now)
      .setExpirationTime(opts.exp ?? now + 3600);
    if (opts.nbf) jwt.setNotBefore(opts.nbf);
    return jwt.sign(opts.key ?? key);
  };
  const forged: { what: string; value: string }[] = [];
  for (const name of ['admin', 'seller', 'buyer'] as const) {
    const a = actors[name];
    const claims = { _id: a._id, email: a.email, role: a.role, sub: a._id };
    const [header, payload, signature] = a.token.split('.') as [string, string, string];
    const flipped = signature.slice(0, 10) + (signature[10] === 'A' ? 'B' : 'A') + signature.slice(11);
    forged.push(
      { what: `alg none (${name})`, value: new UnsecuredJWT(claims).setIssuedAt().setExpirationTime('1h').encode() },
      { what: `alg none header on a real token (${name})`, value: `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.` },
      { what: `HS256 with a wrong key (${name})`, value: await sign(claims, { key: wrongKey }) },
      { what: `HS512 with the right key (${name})`, value: await sign(claims, { alg: 'HS512' }) },
      { what: `expired (${name})`, value: await sign(claims, { iat: now - 2 * 86_400, exp: now - 86_400 }) },
      { what: `not yet valid (${name})`, value: await sign(claims, { nbf: now + 3600, exp: now + 7200 }) },
      { what: `tampered signature (${name})`, value: `${header}.${payload}.${flipped}` },
      { what: `tampered payload (${name})`, value: `${header}.${b64({ ...claims, _id: actors.admin._id, role: 'Admin' })}.${signature}` },
      { what: `no signature (${name})`, value: `${header}.${payload}.` },
      { what: `header and payload only (${name})`, value: `${header}.${payload}` },
    );
  }
  forged.push({ what: 'account deleted', value: gone.token }, { what: 'no such account', value: await sign({ _id: randomUUID(), role: 'Admin' }) });
  // Sessions ended by log out everywhere, a password change or a reset: the token's `sv` is not the account's.
  forged.push({ what: 'logged out everywhere', value: loggedOut.token });
  forged.push({ what: 'stale session version (no sv: a token from before sessions had versions)', value: await sign({ _id: actors.admin._id, email: actors.admin.email, role: 'Admin', sub: actors.admin._id }) });
  for (const sv of [1, -1, '0', null, 0.5]) {
    forged.push({ what: `stale session version (sv ${JSON.stringify(sv)})`, value: await sign({ _id: actors.admin._id, email: actors.admin.email, role: 'Admin', sub: actors.admin._id, sv }) });
  }
  for (const id of [123, null, true, '', 'admin', actors.admin.email, [actors.admin._id], { $ne: null }, `${actors.admin._id} `, '-'.repeat(36), 'a'.repeat(36)]) {
    forged.push({ what: `right key, _id ${JSON.stringify(id)}`, value: await sign({ _id: id, role: 'Admin' }) });
  }
  forged.push({ what: 'right key, no _id', value: await sign({ sub: actors.admin._id, role: 'Admin' }) });
  return forged;
}

type Token = { kind: 'none' } | { kind: 'bad'; what: string; value: string } | { kind: 'actor'; actor: ActorName; value: string };

/** Characters a client can put in a header value (Node refuses the others). */
const headerChar = fc.oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0x80, max: 0xff }), fc.constant(0x09)).map((c) => String.fromCharCode(c));
const headerString = (maxLength: number) => fc.string({ unit: headerChar, maxLength });

function tokenArb(rule: Rule): fc.Arbitrary<Token> {
  const real = (name: ActorName) => world.actors[name].token;
  const forged = fc.constantFrom(...world.forged);
  const jwtShaped = fc
    .tuple(
      fc.oneof(fc.constantFrom({ alg: 'HS256', typ: 'JWT' }, { alg: 'none' }, { alg: 'NONE' }, { alg: 'RS256' }, { alg: 'HS256', kid: '../../dev/null' }, {}), fc.jsonValue({ maxDepth: 2 })),
      fc.oneof(fc.record({ _id: fc.oneof(fc.constantFrom(...actorNames).map((n) => world.actors[n]._id), fc.uuid()), role: fc.constantFrom('Admin', 'Seller', 'Buyer'), exp: fc.integer() }), fc.jsonValue({ maxDepth: 2 })),
      fc.oneof(fc.constant(''), fc.base64String({ maxLength: 60 }).map((s) => s.replace(/[+/=]/g, '')), headerString(20)),
    )
    .map(([h, p, s]) => `${b64(h)}.${b64(p)}.${s}`);
  const bad: fc.Arbitrary<Token> = fc
    .oneof(
      { weight: 4, arbitrary: forged },
      {
        weight: 2,
        arbitrary: fc.tuple(fc.constantFrom('Bearer ', 'bearer\t', 'BEARER  '), forged).map(([prefix, f]) => ({ what: `${f.what}, "${prefix.trim()}" prefix`, value: prefix + f.value })),
      },
      {
        weight: 2,
        // Real tokens in forms the server must not read as a token.
        arbitrary: fc
          .tuple(fc.constantFrom(...actorNames), fc.constantFrom('Token %', 'Basic %', 'JWT %', 'Bearer Bearer %', '% %', 'Bearer %,%', '%.x', '%x'))
          .map(([name, form]) => ({ what: `real token as "${form}"`, value: form.replaceAll('%', real(name)) })),
      },
      { weight: 2, arbitrary: headerString(300).map((value) => ({ what: 'garbage', value })) },
      { weight: 1, arbitrary: fc.constantFrom('Bearer', 'Bearer ', 'bearer null', 'null', 'undefined', '[object Object]', 'Bearer undefined', '.', '..', '...', 'e30.e30.', 'e30.e30.e30').map((value) => ({ what: 'garbage', value })) },
      { weight: 2, arbitrary: jwtShaped.map((value) => ({ what: 'JWT-shaped garbage', value })) },
    )
    .map((t) => ({ kind: 'bad' as const, ...t }));
  // Allowed callers (as far as their identity goes) more often: validation behind the auth layer is fuzzed too.
  const permitted = actorNames.filter((n) => !refusesActor(rule, n));
  const actor = fc
    .tuple(
      fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...(permitted.length ? permitted : actorNames)) }, { weight: 2, arbitrary: fc.constantFrom(...actorNames) }),
      fc.constantFrom('', 'Bearer ', 'bearer ', 'BEARER\t', '  Bearer   '),
    )
    .map(([name, prefix]): Token => ({ kind: 'actor', actor: name, value: prefix + real(name) }));
  return fc.oneof({ weight: 2, arbitrary: fc.constant<Token>({ kind: 'none' }) }, { weight: 4, arbitrary: bad }, { weight: 5, arbitrary: actor });
}

/** Whether the access table turns this signed-in caller away whatever the target (the world's owners are fixed). */
function refusesActor(rule: Rule, name: ActorName): boolean {
  const role = world.actors[name].role;
  switch (rule.who) {
    case 'anyone':
    case 'self-or-admin':
      return false;
    case 'signed-in':
      return Boolean(rule.verified) && !isVerified(name);
    case 'role':
      return !rule.roles.includes(role) || (Boolean(rule.verified) && !isVerified(name));
    case 'owner':
      return !rule.roles.includes(role) || name !== OWNER[rule.of];
    case 'owner-or-admin':
      return role !== 'Admin' && name !== OWNER[rule.of];
  }
}

const identityRefused = (rule: Rule, token: Token) => rule.who !== 'anyone' && (token.kind !== 'actor' || refusesActor(rule, token.actor));

// ---------------------------------------------------------------------------
// Strings, values and keys.

const specialChars = [
  '\u0000', '\u0001', '\u0007', '\b', '\t', '\n', '\v', '\f', '\r', '\u001b', '\u007f', '\u0085', '\u00a0', '\u200b', '\u200d', '\u200e', '\u200f',
  '\u202a', '\u202e', '\u2028', '\u2029', '\u2066', '\ufeff', '\ufffd', '\uffff', '\ud800', '\udbff', '\udc00', '\udfff', '😀', '👩‍👩‍👧‍👦', '🇧🇩',
  'e\u0301', 'ﷺ', 'বাংলা', 'עברית', 'العربية', '中文', 'İ', 'ß', 'ﬀ', '"', "'", '\\', '/', '<', '>', '&', '%', '$', '{', '}', '`', '${',
];
const weirdUnit = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 3, arbitrary: fc.constantFrom(...specialChars) },
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
  // Lone surrogates: not valid UTF-16 on their own.
  { weight: 1, arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)) },
);
const trickyStrings = [
  "' or '1'='1",
  "'; drop table users; --",
  '"); drop table orders; --',
  '{"$gt":""}',
  '../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '<script>alert(1)</script>',
  '${7*7}',
  '{{7*7}}',
  '%00',
  '%s%s%s%n',
  'null',
  'undefined',
  'NaN',
  '-0',
  '1e309',
  '0x10',
  '\u202egnp.exe',
  'a'.repeat(300),
  '😀'.repeat(200),
  'Admin',
  '/uploads/../../etc/passwd',
  'javascript:alert(1)',
  'http://',
  'https://\u0000',
  '0000-00-00',
  '2023-02-30',
  '9999-99-99',
];
const weirdString = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: weirdUnit, maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 2, arbitrary: fc.constantFrom(...trickyStrings) },
);
/** 100k to 240k characters (more bytes than that when they are not ASCII). */
const hugeString = fc
  .tuple(fc.string({ unit: weirdUnit, minLength: 1, maxLength: 4 }), fc.integer({ min: 100_000, max: 240_000 }))
  .map(([s, n]) => s.repeat(Math.ceil(n / s.length)).slice(0, n));
const junkLeaf = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom<unknown>(null, true, false, 0, -1, 1, 1.5, -0.0001, 1e21, 1e308, -1e308, 2 ** 53 + 2, 10_000_001, '', ' ', '\t\n', '0', '42', 'null', 'true', 'Admin', 'Seller', 'sold', 'Good'),
  },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 5, arbitrary: weirdString },
  { weight: 1, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.emailAddress() },
);
const weirdKey = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom('constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', '$where', '$gt', '_id', 'id', 'role', 'sellerVerified', 'admin', 'advertise', 'report', 'status', 'paid', 'sellerId', 'buyerId', '') },
  { weight: 3, arbitrary: weirdString },
);
const junk: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: junkLeaf },
  { weight: 1, arbitrary: fc.array(junkLeaf, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(weirdKey, junkLeaf, { maxKeys: 4 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: hugeString },
);

/** Percent-encodes every byte but unreserved ASCII; lone surrogates as their (invalid) three UTF-8-style bytes. */
function pctEncode(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    let c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        i++;
      }
    }
    const bytes =
      c < 0x80 ? [c] : c < 0x800 ? [0xc0 | (c >> 6), 0x80 | (c & 63)] : c < 0x10000 ? [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63)] : [0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63)];
    for (const b of bytes) out += /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b)) && b < 0x80 ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}
/** Non-ASCII left raw in the URL; ASCII that would change the URL's structure encoded. */
const rawUnicode = (s: string) => [...s].map((ch) => (ch.charCodeAt(0) < 0x80 ? encodeURIComponent(ch) : ch)).join('');

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Whether a path segment may name a row of the world (then it is not, by itself, a defect). */
function mentionsKnown(segment: string): boolean {
  const forms = [segment.toLowerCase(), safeDecode(segment).toLowerCase(), safeDecode(safeDecode(segment)).toLowerCase()];
  const hex = forms.map((f) => f.replace(/[^0-9a-f]/g, ''));
  return world.known.some((k) => forms.some((f) => f.includes(k)) || (/^[0-9a-f-]{36}$/.test(k) && hex.some((h) => h.includes(k.replaceAll('-', '')))));
}

// ---------------------------------------------------------------------------
// Path ids and query strings.

type IdKind = 'uuid' | 'userRef' | 'intent';

const junkIds = [
  '',
  '%',
  '%zz',
  '%E0%A4%A',
  '%ED%A0%80',
  '%ED%BF%BF',
  '%C0%AF',
  '%FF%FE',
  '%00',
  '%0A',
  '%0D%0A',
  '..%2F..%2Fetc%2Fpasswd',
  '..%5C..%5Cwindows',
  '%2e%2e%2f%2e%2e%2f',
  '..',
  '.',
  '...',
  '~',
  '%2F',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0',
  '1e309',
  'true',
  '%5B%5D',
  '%7B%7D',
  '__proto__',
  'constructor',
  'prototype',
  '%F0%9F%98%80'.repeat(20),
  '%E2%80%AE',
  '%EF%BB%BF',
  'a'.repeat(301),
  `${'%41'.repeat(200)}`,
  ...["1' or '1'='1", "'; drop table users; --", '{"$gt":""}', '<script>alert(1)</script>', 'a b', 'a?b', 'a#b', 'a;b', 'a,b'].map(encodeURIComponent),
];

function idArb(kind: IdKind): fc.Arbitrary<string> {
  const real =
    kind === 'intent'
      ? [world.intent.id]
      : [...actorNames.map((n) => world.actors[n]._id), world.categoryId, ...world.productIds, ...world.orderIds, ...(kind === 'userRef' ? actorNames.map((n) => world.actors[n].email) : [])];
  const unknown = kind === 'intent' ? fc.stringMatching(/^pi_\w{1,30}$/) : kind === 'userRef' ? fc.oneof(fc.uuid(), fc.emailAddress().map(encodeURIComponent)) : fc.uuid();
  const malformed = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...junkIds) },
    { weight: 3, arbitrary: weirdString.filter((s) => s.length > 0).map(pctEncode) },
    { weight: 1, arbitrary: weirdString.filter((s) => s.length > 0).map(rawUnicode) },
    { weight: 2, arbitrary: fc.uuid().chain((u) => fc.constantFrom(`${u.slice(0, -1)}g`, `${u}-extra`, u.replaceAll('-', ''), `%7B${u}%7D`, `%20${u}`, `${u}%00`, `${u}%20`, u.slice(1), `${u}0`, `${u}/`, `${u}/x`)) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('a', '0', '-', '%41', '%F0%9F%98%80'), fc.integer({ min: 100, max: 2000 })).map(([c, n]) => c.repeat(n)) },
    { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double()).map((n) => encodeURIComponent(String(n))) },
    { weight: 1, arbitrary: fc.stringMatching(/^pi_[^/?#]{0,20}$/).map(pctEncode) },
  );
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...real).chain((id) => fc.constantFrom(id, id.toUpperCase(), encodeURIComponent(id), `%20${id}`, `${id}%00`, `${id}x`)) },
    { weight: 2, arbitrary: unknown },
    { weight: 5, arbitrary: malformed },
  );
}

const queryKey = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('limit', 'cursor') },
  { weight: 1, arbitrary: fc.constantFrom('limit[]', 'cursor[0]', 'limit[a]', '__proto__', '__proto__[polluted]', 'constructor[prototype][polluted]', 'code', 'state', 'error', 'iss', '') },
  { weight: 1, arbitrary: weirdString.map(pctEncode) },
);
const queryValue = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom('0', '-1', '1', '2', '50', '100', '101', '1e2', '1.5', 'NaN', 'Infinity', '-0', '0x10', '%20%205', '5%20%20', '9'.repeat(400), '', 'null', 'true', '%00', '%', '%zz', '%ED%A0%80', '[]'),
  },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.double().map((d) => encodeURIComponent(String(d))) },
  { weight: 2, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.constantFrom(...actorNames).map((n) => world.actors[n]._id) },
  { weight: 2, arbitrary: weirdString.map(pctEncode) },
);
const queryArb = fc.oneof(
  { weight: 3, arbitrary: fc.constant('') },
  { weight: 5, arbitrary: fc.array(fc.tuple(queryKey, queryValue), { minLength: 1, maxLength: 4 }).map((pairs) => `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`) },
  { weight: 1, arbitrary: fc.constantFrom('?', '?&&', '?limit', '?=', '?==', '?limit=1&limit=2', '?cursor=a&cursor=b', '?%', '?a=%zz', '?%ED%A0%80=1', `?${'x'.repeat(5000)}=1`) },
);

// ---------------------------------------------------------------------------
// Bodies.

type Entries = [string, unknown][];
interface Body {
  payload: string | Buffer;
  /** The content-type header; undefined: none sent. */
  type: string | undefined;
  /** What kind of body (for the tally and the failure report). */
  what: string;
  /** A JSON body's fields before serialization, when it has them. */
  extra?: Record<string, string>;
}

const serialize = (entries: Entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}`).join(',')}}`;
const bytes = (payload: string | Buffer) => (typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length);

/** Content types the server may read as JSON, loosely (for deciding a body is refused: when in doubt, it is not). */
const mayBeJson = (type: string | undefined) => type !== undefined && /application\/json/i.test(type);
/** Content types the server surely reads as JSON (for expecting a 413 over the body limit rather than a 415). */
const isJson = (type: string | undefined) => type !== undefined && /^\s*application\/json\s*(;.*)?$/i.test(type);
const jsonType = fc.constantFrom('application/json', 'application/json', 'application/json; charset=utf-8', 'Application/JSON', 'application/json;charset=UTF-8', ' application/json');
const otherType = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.constantFrom<string | undefined>(
      'text/plain',
      'text/plain; charset=utf-8',
      'application/x-www-form-urlencoded',
      'application/xml',
      'text/xml',
      'multipart/form-data',
      'multipart/form-data; boundary=----fuzz',
      'application/octet-stream',
      'text/json',
      'application/jsonx',
      'application/ld+json',
      'application/vnd.api+json',
      'image/png',
      '*/*',
      'json',
      '',
      undefined,
    ),
  },
  { weight: 1, arbitrary: headerString(60) },
);

/** Whether Fastify's JSON parser would hand this text to validation: JSON, without forbidden prototype keys. */
function parseLikeServer(payload: string | Buffer): { ok: true; value: unknown } | { ok: false } {
  let text = (typeof payload === 'string' ? Buffer.from(payload) : payload).toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  try {
    const value: unknown = JSON.parse(text);
    return poisoned(value) ? { ok: false } : { ok: true, value };
  } catch {
    return { ok: false };
  }
}

/** secure-json-parse's refusal: an own `__proto__` key, or `constructor` holding an object with `prototype`. */
function poisoned(value: unknown): boolean {
  const stack = [value];
  while (stack.length) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object') continue;
    if (Object.hasOwn(node, '__proto__')) return true;
    const ctor = (node as Record<string, unknown>).constructor;
    if (Object.hasOwn(node, 'constructor') && ctor !== null && typeof ctor === 'object' && Object.hasOwn(ctor, 'prototype')) return true;
    stack.push(...Object.values(node));
  }
  return false;
}

interface JsonSpec {
  kind: 'json';
  schema: ZodType;
  /** Bodies the schema accepts. */
  valid: () => fc.Arbitrary<Entries>;
  /** Why a body the schema accepts changes nothing on this route, if it cannot (else it needs another defect). */
  harmless?: (value: Record<string, unknown>) => boolean;
  /** The success status the route answers a harmless body too, when it must not tell the two apart. */
  answersAlike?: number;
}
type BodySpec = JsonSpec | { kind: 'multipart' } | { kind: 'webhook' };
interface Spec {
  id?: IdKind;
  query?: true;
  cookie?: true;
  body?: BodySpec;
  /** Callers (the access table lets through) for whom the route can change nothing, and why. */
  harmlessCaller?: { why: string; when: (actor: ActorName) => boolean };
}

const entries = (record: Record<string, unknown>): Entries => Object.entries(record);
const phone = fc.constantFrom('01712-345678', '+8801712345678', '01911 222333');
/** A picture URL of the form the contract wants: one in the uploads table, or one nobody uploaded. */
const pictureUrl = () => fc.oneof(fc.constantFrom(...world.uploads), fc.uuid().map((u) => `/uploads/${u}.webp`));
const isUpload = (url: unknown) => world.uploads.includes(String(url));
/** One-time link codes: the world's live and dead ones (each route's harmless rule says which work there), and made-up ones. */
const linkCode = () =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...world.links.verify, ...world.links.reset, ...world.links.dead) },
    // The contract trims: a live code with spaces is still that code.
    { weight: 1, arbitrary: fc.constantFrom(...world.links.verify, ...world.links.reset).map((t) => ` ${t}\t`) },
    // Almost a live code: one character changed, or upper-cased (base64url is case-sensitive).
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...world.links.verify, ...world.links.reset), fc.nat(42)).map(([t, i]) => t.slice(0, i) + (t[i] === 'A' ? 'B' : 'A') + t.slice(i + 1)) },
    { weight: 1, arbitrary: fc.constantFrom(...world.links.verify, ...world.links.reset).map((t) => t.toUpperCase()).filter((t) => !world.links.verify.includes(t) && !world.links.reset.includes(t)) },
    { weight: 2, arbitrary: fc.stringMatching(/^[\w-]{43}$/) },
  );
/** An account's e-mail, in the forms the contract makes it again (case, spaces), or an address with no account. */
const someEmail = () =>
  fc.oneof(
    fc.constantFrom(...world.emails),
    fc.constantFrom(...world.emails).map((e) => ` ${e.toUpperCase()} `),
    fc.uuid().map((u) => `fuzz-${u}@example.com`),
    fc.constant('nobody@example.com'),
  );
const newPassword = fc.constantFrom('brand-new-secret', '😀😀😀😀😀😀', 'p'.repeat(200), 'secret1');
const json = (schema: ZodType, valid: () => fc.Arbitrary<Record<string, unknown>>, harmless?: JsonSpec['harmless']): JsonSpec => ({
  kind: 'json',
  schema,
  valid: () => valid().map(entries),
  ...(harmless ? { harmless } : {}),
});

/** Which ids a request names, and what it sends: every route of the access table. */
const specs: Record<RouteKey, Spec> = {
  'GET /api/health': {},
  'GET /api/demo-accounts': {},
  'POST /api/user': {
    body: json(SignUpBody, () =>
      fc.record(
        {
          name: fc.constantFrom('Fuzz Buyer', 'রহিম', 'O\u2019Brien'),
          email: fc.oneof(fc.uuid().map((u) => `fuzz-${u}@example.com`), fc.constantFrom(...actorNames).map((n) => world.actors[n].email)),
          password: fc.constantFrom('secret1', 'correct horse battery', '😀😀😀😀😀😀'),
          role: fc.constantFrom('Buyer', 'Seller'),
          userImg: pictureUrl(),
          id: fc.constantFrom('firebase-uid', 'x'),
        },
        { requiredKeys: ['name', 'email', 'password', 'role', 'userImg'] },
      ),
      // A picture nobody uploaded is refused before anything is written (with an upload, a new address makes an
      // account and a taken one a mail to its owner: such bodies are spoiled).
      (value) => !isUpload(value.userImg),
    ),
  },
  'POST /api/login': {
    // Never an account's password: a login here always fails.
    body: json(
      LoginBody,
      () => fc.record({ email: fc.oneof(fc.constantFrom(...actorNames).map((n) => world.actors[n].email), fc.emailAddress()), password: weirdString.filter((p) => p.length > 0 && p.length <= 200 && !PASSWORDS.includes(p)) }),
      (value) => !PASSWORDS.includes(String(value.password)),
    ),
  },
  'POST /api/images': { body: { kind: 'multipart' } },
  'GET /api/auth/google/start': { query: true },
  'GET /api/auth/google/callback': { query: true, cookie: true },
  'POST /api/google-user': {
    // No ID token here is signed by the provider's key, which this test does not have.
    body: json(GoogleUserBody, () => fc.record({ idToken: fc.constantFrom(...world.forged.map((f) => f.value)).filter((t) => /^[\w-]+\.[\w-]+\.[\w-]+$/.test(t)) }), () => true),
  },
  // A code works once, for its purpose, before it expires: only the live ones could change anything.
  'POST /api/verify-email': {
    body: json(VerifyEmailBody, () => fc.record({ token: linkCode() }), (value) => !world.links.verify.includes(String(value.token))),
  },
  // Only an address with an account gets a code (and a mail); the answer is 202 either way, by design.
  'POST /api/forgot-password': {
    body: { ...json(ForgotPasswordBody, () => fc.record({ email: someEmail() }), (value) => !world.emails.includes(String(value.email))), answersAlike: 202 },
  },
  'POST /api/reset-password': {
    body: json(ResetPasswordBody, () => fc.record({ token: linkCode(), password: newPassword }), (value) => !world.links.reset.includes(String(value.token))),
  },
  'GET /api/me': {},
  // A confirmed address gets no new link (409).
  'POST /api/verification-email': { harmlessCaller: { why: 'already confirmed', when: isVerified } },
  // Only the current password changes one.
  'POST /api/change-password': {
    body: json(
      ChangePasswordBody,
      () => fc.record({ currentPassword: fc.oneof(fc.constantFrom(...PASSWORDS), weirdString.filter((p) => p.length > 0 && p.length <= 200)), password: newPassword }),
      (value) => !PASSWORDS.includes(String(value.currentPassword)),
    ),
  },
  'POST /api/logout-everywhere': {},
  'GET /api/category': {},
  'GET /api/advertise-products': { query: true },
  'GET /api/category-products/:id': { id: 'uuid', query: true },
  'GET /api/detail-product/:id': { id: 'uuid' },
  'GET /api/admin-overview': {},
  'GET /api/all-buyer': { query: true },
  'GET /api/all-seller': { query: true },
  'GET /api/all-reported-products': { query: true },
  'PUT /api/verify-seller/:id': { id: 'uuid' },
  'DELETE /api/user/:id': { id: 'uuid' },
  'GET /api/outbox': { query: true },
  'GET /api/buyer-overview/:id': { id: 'userRef' },
  'GET /api/orders/:id': { id: 'userRef', query: true },
  'GET /api/seller-overview/:id': { id: 'userRef' },
  'GET /api/seller-products/:id': { id: 'userRef', query: true },
  'POST /api/product': {
    body: json(
      NewProductBody,
      () =>
        fc
          .record({ categoryId: fc.oneof(fc.constant(world.categoryId), fc.uuid()), img: pictureUrl(), phoneNumber: phone, condition: fc.constantFrom('Excellent', 'Good', 'Fair'), useYears: fc.constantFrom(0.5, 1, 3) })
          .map(({ categoryId, img, ...rest }) => productBody(categoryId, img, rest)),
      // No such category, or a picture nobody uploaded: refused before anything is written.
      (value) => value.categoryId !== world.categoryId || !isUpload(value.img),
    ),
  },
  'PUT /api/advertise-product/:id': { id: 'uuid' },
  'DELETE /api/product/:id': { id: 'uuid' },
  'POST /api/order': {
    body: json(NewOrderBody, () =>
      fc.record({ productId: fc.oneof(fc.constantFrom(...world.productIds), fc.uuid()), meetingLocation: fc.constantFrom('Bashundhara City', 'মিরপুর ১০'), mobileNumber: phone }),
    ),
  },
  'GET /api/order/:id': { id: 'uuid' },
  'DELETE /api/order/:id': { id: 'uuid' },
  'PUT /api/report-product/:id': { id: 'uuid' },
  'POST /api/create-payment-intent': {
    body: json(PaymentIntentBody, () =>
      fc.record({ orderId: fc.oneof(fc.constantFrom(...world.orderIds), fc.uuid()), productPrice: junkLeaf }, { requiredKeys: ['orderId'] }),
    ),
  },
  'POST /api/payment': {
    // Settling needs an intent that succeeded, and none ever does here (its client secret is never sent).
    body: json(
      PaymentBody,
      () =>
        fc.record(
          {
            orderId: fc.oneof(fc.constantFrom(...world.orderIds), fc.uuid()),
            transactionId: fc.oneof(fc.constant(world.intent.id), fc.stringMatching(/^pi_\w{1,24}$/)),
            buyerName: junkLeaf,
            productPrice: junkLeaf,
          },
          { requiredKeys: ['orderId', 'transactionId'] },
        ),
      () => true,
    ),
  },
  'POST /api/sandbox/payment_intents/:id/confirm': {
    id: 'intent',
    // The intent's client secret is the credential, and no request carries it.
    body: json(
      SandboxConfirmBody,
      () =>
        fc.record({
          client_secret: fc.oneof(fc.constant(`${world.intent.id}_secret_0000`), fc.stringMatching(/^pi_\w{1,20}_secret_\w{1,20}$/)),
          card: fc.record({ number: fc.constantFrom('4242 4242 4242 4242', '4000000000000002', '1234'), exp_month: fc.integer({ min: 1, max: 12 }), exp_year: fc.constantFrom(2040, 20, 1999), cvc: fc.constantFrom('123', '1') }),
        }),
      (value) => value.client_secret !== world.intent.clientSecret,
    ),
  },
  'POST /api/stripe/webhook': { body: { kind: 'webhook' } },
};

/** Bodies for a JSON route: mostly its valid body spoiled, and every other kind of bad input. */
function jsonBodyArb(spec: JsonSpec): fc.Arbitrary<Body> {
  const valid = spec.valid();
  const keysOf = (e: Entries) => e.map(([k]) => k);
  const spoiled = valid.chain((base) =>
    fc
      .record({
        drop: fc.subarray(keysOf(base)),
        replace: fc.array(fc.tuple(fc.constantFrom(...keysOf(base)), junk), { maxLength: 3 }),
        extra: fc.array(fc.tuple(fc.oneof(weirdKey, fc.constantFrom(...keysOf(base))), junk), { maxLength: 4 }),
        extraFirst: fc.boolean(),
        type: jsonType,
      })
      .map(({ drop, replace, extra, extraFirst, type }): Body => {
        let e: Entries = base.filter(([k]) => !drop.includes(k));
        for (const [k, v] of replace) e = e.map(([key, value]) => [key, key === k ? v : value]);
        e = extraFirst ? [...extra, ...e] : [...e, ...extra];
        const what = drop.length ? 'missing fields' : replace.length ? 'wrong values' : extra.length ? 'extra fields' : 'valid fields';
        return { payload: serialize(e), type, what };
      }),
  );
  const serialized = valid.map(serialize);
  const badJson = fc.oneof(
    fc.constantFrom('{', '}', '{"a":', '{a:1}', "{'a':1}", '{"a":1,}', '[1,]', '{"a":1}}', 'undefined', 'NaN', '\u0000', '{"a":"\u0000"', '{"a":01}', '{"a":.5}', '{"a":+1}', '{"a":0x10}', '{"a":"\\x41"}', '{"a":"\\u12"}', '//{}', '/*x*/{}', '{"a":Infinity}', ' ', '\n', 'nul', 'tru', ''),
    fc.tuple(serialized, fc.nat()).map(([s, n]) => s.slice(0, n % s.length)),
    fc.tuple(serialized, fc.nat(), fc.constantFrom('"', '{', '}', ',', ':', '\\', '\u0000', '\n', ']')).map(([s, n, ch]) => s.slice(0, n % s.length) + ch + s.slice(n % s.length)),
    weirdString,
  );
  const poisonRaw = fc.constantFrom(
    '"__proto__":{"polluted":"yes","role":"Admin"}',
    '"constructor":{"prototype":{"polluted":"yes"}}',
    '"__proto__":{"__proto__":{"polluted":"yes"}}',
    '"nested":{"__proto__":{"polluted":"yes"}}',
    '"list":[{"constructor":{"prototype":{"polluted":"yes"}}}]',
    '"\\u005f_proto__":{"polluted":"yes"}',
    '"__pro\\u0074o__":{"polluted":"yes"}',
    '"constructor":{"\\u0070rototype":{"polluted":"yes"}}',
    '"__proto__":null',
    '"__proto__":[]',
    '"constructor":{"prototype":null}',
  );
  return fc.oneof(
    { weight: 10, arbitrary: spoiled },
    // Unspoiled too: the route must judge the data itself (or the request gets another defect).
    { weight: 5, arbitrary: fc.tuple(serialized, jsonType).map(([payload, type]): Body => ({ payload, type, what: 'valid fields' })) },
    { weight: 2, arbitrary: fc.tuple(badJson, jsonType).map(([payload, type]): Body => ({ payload, type, what: 'bad JSON' })) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.oneof(serialized, serialized.map((s) => new URLSearchParams(JSON.parse(s) as Record<string, string>).toString()), fc.constantFrom('<a>1</a>', '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>'), weirdString), otherType)
        .map(([payload, type]): Body => ({ payload, type, what: 'wrong content type' })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.oneof(fc.constantFrom('null', '[]', '0', '-1', '""', '"x"', 'true', 'false', '[{}]', '[null]', '1e999'), serialized.map((s) => `[${s}]`), fc.jsonValue().map((v) => JSON.stringify(v))), jsonType)
        .map(([payload, type]): Body => ({ payload, type, what: 'not an object' })),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(valid, poisonRaw, fc.boolean(), jsonType).map(([e, poison, first, type]): Body => {
        const body = serialize(e).slice(1, -1);
        return { payload: `{${first || !body ? poison + (body ? ',' : '') + body : `${body},${poison}`}}`, type, what: 'prototype keys' };
      }),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, hugeString, jsonType).map(([e, huge, type]): Body => {
        const [k] = e[Math.floor(huge.length % e.length)]!;
        return { payload: serialize(e.map(([key, v]) => [key, key === k ? huge : v])), type, what: 'huge string' };
      }),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, fc.integer({ min: BODY_LIMIT + 1, max: 2 * BODY_LIMIT }), jsonType).map(([e, n, type]): Body => ({ payload: serialize([...e, ['padding', 'x'.repeat(n)]]), type, what: 'over the body limit' })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, fc.integer({ min: 500, max: 5000 }), fc.boolean(), jsonType).map(([e, depth, arrays, type]): Body => {
        const deep = arrays ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
        return { payload: `{${serialize(e).slice(1, -1)},"deep":${deep}}`, type, what: 'deeply nested' };
      }),
    },
  );
}

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const imageLike = (): fc.Arbitrary<Buffer> =>
  fc.oneof(
    fc.uint8Array({ maxLength: 2048 }).map((a) => Buffer.from(a)),
    fc
      .tuple(
        fc.constantFrom(PNG_MAGIC, [0xff, 0xd8, 0xff, 0xe0], [...Buffer.from('GIF89a')], [...Buffer.from('RIFF\0\0\0\0WEBPVP8 ')], [0, 0, 0, 0x1c, ...Buffer.from('ftypavif')], [...Buffer.from('<svg xmlns="http://www.w3.org/2000/svg">')]),
        fc.uint8Array({ maxLength: 1024 }),
      )
      .map(([magic, rest]) => Buffer.concat([Buffer.from(magic), Buffer.from(rest)])),
    // A real picture cut short (at most half of it): never decodable.
    fc.integer({ min: 0, max: Math.floor(world.png.length / 2) }).map((n) => world.png.subarray(0, n)),
    weirdString.map((s) => Buffer.from(s)),
  );

/** Uploads that are never a decodable picture (a stored picture would be a file anyway, not a row). */
function multipartArb(): fc.Arbitrary<Body> {
  const part = fc.record({
    name: fc.oneof(fc.constantFrom('image', 'image', 'file', 'Image', 'image[]', '', '__proto__'), weirdString),
    filename: fc.option(fc.oneof(fc.constantFrom('a.png', '../../etc/passwd', 'a.php', 'a.png\u0000.php', '😀.jpg'), weirdString)),
    type: fc.option(fc.constantFrom('image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/svg+xml', 'text/plain', 'application/octet-stream')),
    data: imageLike(),
  });
  const form = fc
    .record({
      boundary: fc.oneof(fc.constant('----fuzz'), fc.stringMatching(/^[A-Za-z0-9'()+_,\-.:=?]{1,70}$/)),
      parts: fc.array(part, { maxLength: 7 }),
      breakage: fc.constantFrom('none', 'none', 'none', 'no closing', 'other boundary', 'no boundary', 'truncated', 'preamble', 'LF only'),
    })
    .map(({ boundary, parts, breakage }): Body => {
      const chunks: Buffer[] = [];
      for (const p of parts) {
        const disposition = `form-data; name="${p.name}"${p.filename === null ? '' : `; filename="${p.filename}"`}`;
        chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`), p.data, Buffer.from('\r\n'));
      }
      if (breakage !== 'no closing') chunks.push(Buffer.from(`--${boundary}--\r\n`));
      if (breakage === 'preamble') chunks.unshift(Buffer.from('garbage before the first boundary\r\n'));
      let payload = Buffer.concat(chunks);
      if (breakage === 'truncated') payload = payload.subarray(0, Math.floor(payload.length / 2));
      if (breakage === 'LF only') payload = Buffer.from(payload.toString('latin1').replaceAll('\r\n', '\n'), 'latin1');
      const type = breakage === 'no boundary' ? 'multipart/form-data' : `multipart/form-data; boundary=${breakage === 'other boundary' ? 'not-the-one' : boundary}`;
      return { payload, type, what: `multipart (${breakage})` };
    });
  const notForm = fc.tuple(fc.oneof(fc.constant('{"image":"data:image/png;base64,iVBORw0KGgo="}'), weirdString), fc.oneof(jsonType, otherType)).map(([payload, type]): Body => ({ payload, type, what: 'not multipart' }));
  return fc.oneof({ weight: 4, arbitrary: form }, { weight: 1, arbitrary: notForm });
}

/** Anything at all for the Stripe webhook, which is off here (no Stripe keys): every call is refused. */
function webhookArb(): fc.Arbitrary<Body> {
  const event = fc.record({ id: fc.oneof(fc.constant('evt_fuzz_handled'), fc.stringMatching(/^evt_\w{1,20}$/)), type: fc.constantFrom('payment_intent.succeeded', 'charge.refunded'), data: fc.record({ object: fc.record({ id: fc.constant(world.intent.id), metadata: fc.record({ orderId: fc.constantFrom(...world.orderIds) }) }) }) });
  return fc.oneof(
    fc.tuple(event, jsonType).map(([e, type]): Body => ({ payload: JSON.stringify(e), type, what: 'unsigned event', extra: { 'stripe-signature': 't=1,v1=00' } })),
    fc.tuple(fc.oneof(weirdString, fc.jsonValue().map((v) => JSON.stringify(v))), fc.oneof(jsonType, otherType), headerString(80)).map(([payload, type, sig]): Body => ({ payload, type, what: 'junk event', extra: { 'stripe-signature': sig } })),
  );
}

/** Routes without a body sometimes get one anyway. */
const strayBody: fc.Arbitrary<Body | undefined> = fc.oneof(
  { weight: 8, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.tuple(fc.oneof(junk.map((v) => JSON.stringify(v) ?? ''), weirdString), fc.oneof(jsonType, otherType)).map(([payload, type]): Body => ({ payload, type, what: 'stray body' })) },
);

const cookieArb = fc.oneof(
  fc.constant(undefined),
  headerString(200),
  headerString(200).map((v) => `google_sign_in=${v}`),
  fc.array(fc.base64String({ maxLength: 40 }).map((s) => s.replace(/[+/=]/g, '')), { minLength: 5, maxLength: 5 }).map((segments) => `google_sign_in=${segments.join('.')}`),
);

// ---------------------------------------------------------------------------
// Cases: one request each, with the defect that makes it harmless.

interface Case {
  key: RouteKey;
  url: string;
  token: Token;
  body: Body | undefined;
  cookie: string | undefined;
  ip: string;
  /** Why the server must change nothing (for the tally); empty for a GET that may succeed. */
  defects: string[];
}

const methodOf = (key: RouteKey) => key.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'DELETE';
const pathOf = (key: RouteKey) => key.split(' ')[1]!;

function caseArb(key: RouteKey): fc.Arbitrary<Case> {
  const spec = specs[key];
  const rule: Rule = accessTable[key];
  const body: fc.Arbitrary<Body | undefined> =
    spec.body?.kind === 'json' ? jsonBodyArb(spec.body) : spec.body?.kind === 'multipart' ? multipartArb() : spec.body?.kind === 'webhook' ? webhookArb() : strayBody;
  return fc
    .record({
      token: tokenArb(rule),
      id: spec.id ? idArb(spec.id) : fc.constant(undefined),
      query: spec.query ? queryArb : fc.oneof({ weight: 4, arbitrary: fc.constant('') }, { weight: 1, arbitrary: queryArb }),
      body,
      cookie: spec.cookie ? cookieArb : fc.constant(undefined),
      ip: fc.ipV4(),
    })
    .map((draft) => finish(key, spec, rule, draft))
    .map((c) => Object.assign(c, { [fc.toStringMethod]: () => describeCase(c) }));
}

/** The request's defects; a request that could change something without one is sent without its token (or its body wrapped in an array). */
function finish(key: RouteKey, spec: Spec, rule: Rule, draft: { token: Token; id: string | undefined; query: string; body: Body | undefined; cookie: string | undefined; ip: string }): Case {
  const { token, id, query, cookie, ip } = draft;
  let body = draft.body;
  const defects: string[] = [];
  if (identityRefused(rule, token)) defects.push(token.kind === 'actor' ? 'caller refused' : `token ${token.kind}`);
  else if (token.kind === 'actor' && spec.harmlessCaller?.when(token.actor)) defects.push(spec.harmlessCaller.why);
  if (id !== undefined && !mentionsKnown(id)) defects.push('unknown id');
  if (spec.body?.kind === 'json' && body) {
    const verdict = jsonVerdict(spec.body, body);
    if (verdict === 'refused') defects.push('body refused');
    else if (verdict === 'harmless') defects.push('harmless body');
  }
  if (spec.body && spec.body.kind !== 'json') defects.push(spec.body.kind === 'multipart' ? 'never a picture' : 'Stripe is off');
  let sent = token;
  if (methodOf(key) !== 'GET' && defects.length === 0) {
    if (rule.who !== 'anyone') {
      sent = { kind: 'none' };
      defects.push('token none');
    } else if (spec.body?.kind === 'json' && body) {
      body = { ...body, payload: `[${body.payload.toString()}]`, what: `${body.what}, in an array` };
      if (jsonVerdict(spec.body, body) !== 'refused') throw new Error(`${key}: could not spoil ${body.payload.toString().slice(0, 200)}`);
      defects.push('body refused');
    } else {
      throw new Error(`${key}: no defect for this request`);
    }
  }
  const url = pathOf(key).replace(':id', id ?? '') + query;
  return { key, url, token: sent, body, cookie, ip, defects };
}

function jsonVerdict(spec: JsonSpec, body: Body): 'refused' | 'harmless' | 'accepted' {
  if (!mayBeJson(body.type) || bytes(body.payload) > BODY_LIMIT) return 'refused';
  const parsed = parseLikeServer(body.payload);
  if (!parsed.ok) return 'refused';
  const result = spec.schema.safeParse(parsed.value);
  if (!result.success) return 'refused';
  return spec.harmless?.(result.data as Record<string, unknown>) ? 'harmless' : 'accepted';
}

function describeCase(c: Case): string {
  const token = c.token.kind === 'none' ? 'none' : c.token.kind === 'actor' ? c.token.actor : c.token.what;
  const body = c.body ? `${c.body.what}, ${bytes(c.body.payload)} bytes as ${JSON.stringify(c.body.type)}: ${JSON.stringify(c.body.payload.toString().slice(0, 300))}` : 'none';
  return `${methodOf(c.key)} ${c.url.slice(0, 300)} | token: ${token} | body: ${body} | defects: ${c.defects.join(', ') || 'none (a GET)'}`;
}

// ---------------------------------------------------------------------------
// Sending and judging.

const tally = {
  total: 0,
  perRoute: Object.fromEntries(routeKeys.map((k) => [k, 0])) as Record<RouteKey, number>,
  byDefect: {} as Record<string, number>,
  byBody: {} as Record<string, number>,
  byToken: {} as Record<string, number>,
  /** A signed-in caller the access table lets through, with a body the schema refuses. */
  permittedWithBadBody: 0,
  /**
   * Per route: requests that passed the access check and validation, so that only the data could
   * refuse them (a code that does not work, an address with no account, a wrong current password…).
   */
  pastValidation: Object.fromEntries(routeKeys.map((k) => [k, 0])) as Record<RouteKey, number>,
  overLimit: 0,
  status: {} as Record<number, number>,
};
const bump = (counts: Record<string, number>, key: string) => (counts[key] = (counts[key] ?? 0) + 1);

async function send(c: Case) {
  const headers: Record<string, string> = { ...(c.body?.extra ?? {}) };
  if (c.token.kind !== 'none') headers.authorization = c.token.value;
  if (c.body?.type !== undefined) headers['content-type'] = c.body.type;
  if (c.cookie !== undefined) headers.cookie = c.cookie;
  const res = await call(ctx.app, { method: methodOf(c.key), url: c.url, headers, remoteAddress: c.ip, ...(c.body ? { payload: c.body.payload } : {}) });
  tally.total++;
  tally.perRoute[c.key]++;
  bump(tally.status, String(res.status));
  for (const d of c.defects) bump(tally.byDefect, d);
  if (c.body) bump(tally.byBody, c.body.what.replace(/ \(.*\)$/, ''));
  bump(tally.byToken, c.token.kind === 'bad' ? c.token.what.replace(/ \(.*$/, '').replace(/,.*$/, '') : c.token.kind);
  if (c.token.kind === 'actor' && !identityRefused(accessTable[c.key], c.token) && c.defects.includes('body refused') && accessTable[c.key].who !== 'anyone') tally.permittedWithBadBody++;
  const harmless = ['harmless body', specs[c.key].harmlessCaller?.why];
  if (c.defects.length > 0 && c.defects.every((d) => harmless.includes(d))) tally.pastValidation[c.key]++;
  return res;
}

const isOverLimit = (c: Case) => methodOf(c.key) !== 'GET' && c.body !== undefined && isJson(c.body.type) && bytes(c.body.payload) > BODY_LIMIT;

function judge(c: Case, res: { status: number; body: unknown; headers: Record<string, unknown> }) {
  const rule: Rule = accessTable[c.key];
  const type = String(res.headers['content-type'] ?? '');
  const body = res.body as Record<string, unknown> | string;
  expect(res.status, 'never a server error').toBeLessThan(500);
  expect(res.status).toBeGreaterThanOrEqual(200);
  if (res.status < 300 && methodOf(c.key) !== 'GET') {
    // A route that answers alike whether or not it did anything (so it tells nobody who has an account), for a
    // request that passed every check but the data and so did nothing.
    const alike = specs[c.key].body;
    expect(alike?.kind === 'json' ? alike.answersAlike : undefined, 'only a GET may succeed').toBe(res.status);
    expect(c.defects, 'only a request that can change nothing').toEqual(['harmless body']);
    expect(type).toMatch(/^application\/json/);
    expect(body).toMatchObject({ success: true, data: { message: expect.any(String) } });
    return;
  }
  if (res.status < 300) {
    expect(identityRefused(rule, c.token), 'a refused caller got through').toBe(false);
    expect(type).toMatch(/^application\/json/);
    if (c.key === 'GET /api/health') expect(body).toEqual({ ok: true });
    else expect(body).toMatchObject({ success: true });
    return;
  }
  if (res.status < 400) {
    // The sign-in popup's first step sends the browser to the provider.
    expect(c.key).toBe('GET /api/auth/google/start');
    expect(res.status).toBe(302);
    expect(String(res.headers.location)).toMatch(/^https?:\/\/[^/]+\/oidc\//);
    return;
  }
  if (isOverLimit(c)) {
    // The router answers first when the URL itself is refused (no such route, a bad or over-long id).
    const message = typeof body === 'object' ? String(body.message) : '';
    const urlRefused = res.status === 414 || (res.status === 404 && message.startsWith('Route ')) || (res.status === 400 && message.endsWith('is not a valid url component'));
    if (!urlRefused) {
      tally.overLimit++;
      expect([413, 429], 'a body over the limit').toContain(res.status);
    }
  }
  if (c.key === 'GET /api/auth/google/callback' && type.startsWith('text/html')) {
    // The popup's last page: it posts the error to the window that opened it.
    expect(res.status).toBe(400);
    expect(body).toMatch(/"type":"google-sign-in","error":"[^"]+"/);
    return;
  }
  expect(type).toMatch(/^application\/json/);
  if (c.key === 'POST /api/sandbox/payment_intents/:id/confirm' && typeof body === 'object' && 'error' in body) {
    // The sandbox processor answers as Stripe does, for the Stripe.js-like client.
    expect(Object.keys(body)).toEqual(['error']);
    expect(body.error).toMatchObject({ type: expect.stringMatching(/^(invalid_request_error|card_error)$/), message: expect.stringMatching(/./) });
    return;
  }
  expect(body).toEqual({ success: false, message: expect.any(String), massage: (body as { message?: unknown }).message });
  expect(((body as { message: string }).message).length).toBeGreaterThan(0);
}

function expectNoPollution() {
  expect(Object.getOwnPropertyNames(Object.prototype).sort().join()).toBe(prototypeNames);
  const probe = {} as Record<string, unknown>;
  for (const k of ['polluted', 'role', 'admin', 'isAdmin', 'sellerVerified']) expect(probe[k], `Object.prototype.${k}`).toBeUndefined();
}

// ---------------------------------------------------------------------------

describe('fuzzing every route of the access table', () => {
  it('has a spec for every route, and no more', () => {
    expect(Object.keys(specs).sort()).toEqual([...routeKeys].sort());
  });

  it('starts from valid bodies (so that what spoils them is what the server must refuse)', () => {
    for (const key of routeKeys) {
      const spec = specs[key].body;
      if (spec?.kind !== 'json') continue;
      for (const e of fc.sample(spec.valid(), 20)) expect(spec.schema.safeParse(JSON.parse(serialize(e))).success, `${key}: ${serialize(e)}`).toBe(true);
    }
  });

  describe.each(routeKeys)('%s', (key) => {
    it(
      `answers ${RUNS_PER_ROUTE} fuzzed requests with a 4xx in the JSON error shape (or, for a GET, success) and changes nothing`,
      async () => {
        await fc.assert(
          fc.asyncProperty(caseArb(key), async (c) => {
            const res = await send(c);
            judge(c, res);
            expectNoPollution();
          }),
          { numRuns: RUNS_PER_ROUTE },
        );
        expect(await snapshot(), `${key} changed the database`).toEqual(before);
      },
      180_000,
    );
  });

  it(`sent at least ${MIN_REQUESTS} requests, every kind of bad input among them, and the database is unchanged`, async () => {
    const pastValidation = Object.fromEntries(Object.entries(tally.pastValidation).filter(([, n]) => n > 0));
    console.info(`fuzz (${ctx.database.kind}): ${tally.total} requests`, JSON.stringify({ status: tally.status, byDefect: tally.byDefect, byBody: tally.byBody, byToken: tally.byToken, permittedWithBadBody: tally.permittedWithBadBody, pastValidation, overLimit: tally.overLimit }));
    expect(tally.total).toBeGreaterThanOrEqual(MIN_REQUESTS);
    for (const key of routeKeys) expect(tally.perRoute[key], key).toBe(RUNS_PER_ROUTE);
    const atLeast = (n: number | undefined, min: number, what: string) => expect(n ?? 0, what).toBeGreaterThanOrEqual(min);
    for (const kind of ['valid fields', 'missing fields', 'wrong values', 'extra fields', 'bad JSON', 'wrong content type', 'not an object', 'prototype keys', 'huge string', 'over the body limit', 'deeply nested', 'multipart', 'stray body']) {
      atLeast(tally.byBody[kind], 20, `bodies: ${kind}`);
    }
    for (const kind of ['none', 'actor', 'garbage', 'JWT-shaped garbage', 'alg none', 'HS256 with a wrong key', 'expired', 'account deleted', 'no such account', 'tampered signature', 'real token as "Bearer Bearer %"', 'logged out everywhere', 'stale session version']) {
      atLeast(tally.byToken[kind], 10, `tokens: ${kind}`);
    }
    atLeast(tally.byDefect['unknown id'], 500, 'malformed or unknown ids');
    atLeast(tally.permittedWithBadBody, 200, 'permitted callers with bad bodies');
    // Every route that can be harmless past validation was reached there often enough: codes that do not work
    // (used, superseded, expired, for the other purpose, made up), addresses without an account, wrong current
    // passwords, pictures nobody uploaded, confirmed callers asking for a link.
    for (const key of routeKeys) {
      const spec = specs[key];
      if ((spec.body?.kind === 'json' && spec.body.harmless) || spec.harmlessCaller) atLeast(tally.pastValidation[key], 5, `${key}: requests past validation`);
    }
    atLeast(Object.values(tally.pastValidation).reduce((a, b) => a + b, 0), 300, 'requests past validation, in all');
    atLeast(tally.overLimit, 20, 'bodies over the limit');
    expect(await snapshot()).toEqual(before);
    expectNoPollution();
  });
});
