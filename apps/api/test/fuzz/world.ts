import { createECDH, createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SignJWT, UnsecuredJWT } from 'jose';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { Rule } from '../../src/access-table.ts';
import * as schema from '../../src/db/schema.ts';
import { pricesPath } from '@market/contract';
import { adjusted } from '../../src/modules/ledger/postings.ts';
import { sandboxProvider } from '../../src/modules/payments/sandbox.ts';
import { book, createAdmin, createCategory, linkToken, markPaid, postProduct, signUp, uploadedPicture, type Actor } from '../fixtures.ts';
import { googleIdToken } from '../google.ts';
import { callRoute, routePath } from '../call-route.ts';

// The world: a few rows of every kind, which the requests aim at and must leave alone.

export const actorNames = ['admin', 'seller', 'otherSeller', 'buyer', 'otherBuyer', 'unverifiedBuyer', 'unverifiedSeller'] as const;
export type ActorName = (typeof actorNames)[number];
/** These two have not confirmed their e-mail address: rules with `verified: true` turn them away. */
export const isVerified = (name: ActorName) => !name.startsWith('unverified');
/**
 * Every product here is `seller`'s and every order `buyer`'s (a booking of `seller`'s phone): the others own nothing.
 * The one conversation (and its messages) is of `buyer` and `seller`, both of whom an owner rule lets in (issue 33).
 */
const OWNERS = {
  product: ['seller'],
  order: ['buyer'],
  booking: ['seller'],
  review: ['buyer'],
  'review-of-me': ['seller'],
  conversation: ['buyer', 'seller'],
  message: ['buyer', 'seller'],
  'saved-search': ['buyer'],
} as const satisfies Record<Extract<Rule, { who: 'owner' }>['of'], readonly ActorName[]>;
const owns = (of: keyof typeof OWNERS, name: ActorName) => (OWNERS[of] as readonly ActorName[]).includes(name);
/** The only passwords of the world's accounts (fixtures): no generated login body carries them. */
export const PASSWORDS = ['secret1', 'admin1'];

export interface World {
  actors: Record<ActorName, Actor>;
  categoryId: string;
  productIds: string[];
  orderIds: string[];
  /** The conversation of `buyer` and `seller` (issue 33), and its two messages: the buyer's question, the seller's answer, which the buyer reported. */
  conversationIds: string[];
  messageIds: string[];
  /** The buyer's saved search (issue 34). */
  savedSearchIds: string[];
  /** The world's model's prices page, as its API path's 'brand/model' (issue 34). */
  modelPath: string;
  /** The push subscription's address (the buyer's browser): unsubscribing any other changes nothing. */
  pushEndpoint: string;
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

/** Makes the world in an empty database, through the API where it can and by rows where it must. */
export async function buildWorld(app: FastifyInstance, jwtSecret: string): Promise<World> {
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
  // The catalogue's model the world's phones are of (issue 34): their name names it.
  const model = await callRoute(app, 'addPhoneModel', {
    token: admin.token,
    body: { categoryId: category.id, name: 'iPhone 13', nameBn: 'আইফোন ১৩', variants: [{ ramGb: 4, storageGb: 128 }] },
  });
  expect(model.status, JSON.stringify(model.body)).toBe(201);
  const [onSale, advertised, sold] = [
    await postProduct(app, seller, category.id),
    await postProduct(app, seller, category.id),
    await postProduct(app, seller, category.id),
  ];
  expect((await callRoute(app, 'advertiseProduct', { params: { id: advertised._id }, token: seller.token })).status).toBe(200);
  expect((await callRoute(app, 'reportProduct', { params: { id: advertised._id }, token: buyer.token })).status).toBe(200);
  // An Admin act, so the audit log has an entry whose checksum the fuzzing must leave as it is.
  expect(
    (await callRoute(app, 'verifySeller', { params: { id: otherSeller._id }, token: admin.token, body: { reason: 'Checked the trade licence' } })).status,
  ).toBe(200);
  const open = await book(app, buyer, onSale._id);
  const paid = await book(app, buyer, sold._id);
  await markPaid(app, paid._id, { payment: true, sold: true });
  // The buyer's review of the paid order: one to change, and for the seller to answer.
  const reviewed = await callRoute(app, 'review', { token: buyer.token, body: { orderId: paid._id, stars: 4, text: 'Fine' } });
  expect(reviewed.status, JSON.stringify(reviewed.body)).toBe(201);
  const review = reviewed.body.data as { _id: string };
  // Money given back (issue 17): a sandbox payment an Admin refunded, its job done: rows the fuzzing must leave as they are.
  const refundable = await postProduct(app, seller, category.id);
  const refundedOrder = await book(app, otherBuyer, refundable._id);
  const charged = await sandboxProvider(app.db).createIntent({ amount: refundable.resalePrice * 100, orderId: refundedOrder._id });
  await app.db.update(schema.sandboxIntents).set({ status: 'succeeded' }).where(eq(schema.sandboxIntents.id, charged.id));
  const settled = await callRoute(app, 'recordPayment', { token: otherBuyer.token, body: { orderId: refundedOrder._id, transactionId: charged.id } });
  expect(settled.status, JSON.stringify(settled.body)).toBe(201);
  const refunded = await callRoute(app, 'refundOrder', { params: { id: refundedOrder._id }, token: admin.token, body: { reason: 'Never delivered' } });
  expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
  await app.jobs.run();
  expect((await app.db.select().from(schema.refunds))[0]?.status).toBe('refunded');
  // A protected deal handed over and disputed (issue 31): a dispute the fuzzing must leave as it is.
  const disputedPhone = await postProduct(app, seller, category.id);
  const disputed = await book(app, otherBuyer, disputedPhone._id);
  await markPaid(app, disputed._id);
  const shown = await callRoute(app, 'handoverCode', { token: otherBuyer.token, params: { id: disputed._id } });
  expect((await callRoute(app, 'handOver', { token: seller.token, params: { id: disputed._id }, body: { code: shown.body.data.code } })).status).toBe(200);
  const opened = await callRoute(app, 'openDispute', { token: otherBuyer.token, params: { id: disputed._id }, body: { reason: 'other', text: 'It reboots' } });
  expect(opened.status, JSON.stringify(opened.body)).toBe(200);
  // An Admin's question in it (issue 32).
  const asked = await callRoute(app, 'askDispute', {
    token: admin.token,
    params: { id: disputed._id },
    body: { to: 'seller', text: 'Did it reboot when you met?' },
  });
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  // Sellers' money (issue 32): the seller's bKash wallet waiting for its SMS code (the code's row, the SMS outbox), the
  // other seller's bank account and a payout of theirs waiting for a batch (the books), and the stand-ins' records.
  expect((await callRoute(app, 'setPayoutMethod', { token: seller.token, body: { kind: 'bkash', wallet: '01770618575' } })).status).toBe(200);
  const bank = { kind: 'bank', accountName: 'Other Seller', accountNumber: '1234567890123', bankName: 'BRAC Bank', routingNumber: '060261726' } as const;
  expect((await callRoute(app, 'setPayoutMethod', { token: otherSeller.token, body: bank })).status).toBe(200);
  await adjusted(app.db, { id: randomUUID(), sellerId: otherSeller._id, amount: 100_000, reason: 'Fuzz world' });
  expect((await callRoute(app, 'requestPayout', { token: otherSeller.token, body: {} })).status).toBe(201);
  await app.db.insert(schema.bkashSandboxPayouts).values({ invoice: randomUUID(), receiver: '01770618575', amount: '500.00', trxId: 'POFUZZ0001' });
  await app.db.insert(schema.smsSandboxMessages).values({ csmsId: 'fuzz0001', msisdn: '8801770618575', body: 'Fuzz', referenceId: 'r1' });
  // The bKash stand-in's record of a payment it took (its table must hold a row the fuzzing leaves alone).
  await app.db.insert(schema.bkashSandboxPayments).values({
    paymentId: 'TR0011FUZZ',
    appKey: 'sandbox-app-key',
    amount: '80000.00',
    currency: 'BDT',
    merchantInvoiceNumber: open._id,
    payerReference: buyer._id,
    callbackUrl: `http://127.0.0.1${routePath('bkashCallback')}`,
  });
  // Our record of a bKash payment, completed (so a callback naming it changes nothing).
  await app.db.insert(schema.bkashPayments).values({ paymentId: 'TR0011FUZZ', orderId: open._id, amount: 80000, status: 'completed', trxId: 'BFUZZ000000' });
  const intent = await sandboxProvider(app.db).createIntent({ amount: 8_000_000, orderId: open._id });
  await app.db.insert(schema.stripeEvents).values({ id: 'evt_fuzz_handled', type: 'payment_intent.succeeded' });
  await app.db.insert(schema.oidcCodes).values({
    codeHash: 'fuzz-code-hash',
    clientId: 'fuzz',
    redirectUri: `http://127.0.0.1${routePath('googleCallback')}`,
    codeChallenge: 'c'.repeat(43),
    nonce: 'n',
    subject: 's',
    email: 'oidc@example.com',
    name: 'Oidc',
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  // Conversations (issue 33): the buyer asks about the seller's phone, the seller answers, the buyer reports the
  // answer (a message report, an Admin's queue); the other buyer blocks the other seller; the buyer's browser
  // subscribes to pushes (after the messages: no push job waits to reach a push service). Messages made live events.
  const started = await callRoute(app, 'startConversation', { token: buyer.token, body: { productId: onSale._id, body: 'Is it still available?' } });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const thread = started.body.data as { _id: string };
  const saved = await callRoute(app, 'saveSearch', { token: buyer.token, body: { query: { q: 'galaxy' }, frequency: 'daily' } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(201);
  const savedSearch = saved.body.data as { _id: string };
  // A phone it matched (the alerts' table has a row to guard).
  await app.db.insert(schema.searchAlerts).values({ savedSearchId: savedSearch._id, productId: onSale._id, price: 1 });
  // Issue 36: a listing of the other seller held for a check (a number in its description), a photo's hash and a
  // handset with a past (their tables have rows to guard).
  const held = await postProduct(app, otherSeller, category.id, { description: 'Call 01711-223344 before you come' });
  expect((held as { status?: string }).status).toBe('pending');
  await app.db.insert(schema.photoHashes).values({ hash: 0x1234_5678n, sellerId: otherSeller._id, productId: held._id, url: held.img });
  await app.db.insert(schema.imeiFlags).values({ imei: '356789012345678', why: 'stolen', productId: held._id });
  const answer = await callRoute(app, 'sendMessage', {
    token: seller.token,
    params: { id: thread._id },
    body: { body: 'Yes. Send the money by bKash first, then I will post it' },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  const answered = answer.body.data as { _id: string };
  expect((await callRoute(app, 'reportMessage', { token: buyer.token, params: { id: answered._id }, body: { reason: 'scam' } })).status).toBe(201);
  expect((await callRoute(app, 'blockUser', { token: otherBuyer.token, params: { id: otherSeller._id } })).status).toBe(200);
  // The buyer saves the seller's phone (issue 34).
  expect((await callRoute(app, 'saveProduct', { token: buyer.token, params: { id: onSale._id } })).status).toBe(200);
  const [question] = await app.db.select({ id: schema.messages.id }).from(schema.messages).where(eq(schema.messages.seq, 1));
  const pushEndpoint = 'https://fcm.googleapis.com/fcm/send/fuzz-world';
  const keys = { p256dh: createECDH('prime256v1').generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') };
  expect((await callRoute(app, 'subscribePush', { token: buyer.token, body: { endpoint: pushEndpoint, keys } })).status).toBe(201);
  // The e-mail digests the messages queued (due in 15 minutes): moved past the fuzzing, which must find every row as it was.
  await app.db
    .update(schema.jobs)
    .set({ runAt: new Date(Date.now() + 7 * 86_400_000) })
    .where(eq(schema.jobs.kind, 'chat-digest'));
  // A signed token whose account is gone.
  await app.db.delete(schema.users).where(eq(schema.users.id, gone._id));
  // A real token from before its owner logged out everywhere (its session version is over).
  expect((await callRoute(app, 'logoutEverywhere', { token: loggedOut.token })).status).toBe(200);
  // A Google account (the local stand-in's): its identity row.
  const google = await callRoute(app, 'googleUser', { body: { idToken: await googleIdToken(app, { name: 'Fuzz Google', email: 'fuzz-google@example.com' }) } });
  expect(google.status, JSON.stringify(google.body)).toBe(201);
  // One-time link codes. Live: the unconfirmed actors' verification links and one reset link. Dead: a link
  // already used, one superseded by a newer mail, one expired (its row kept), codes nobody issued.
  const forgot = async (email: string) => expect((await callRoute(app, 'forgotPassword', { body: { email } })).status).toBe(202);
  await forgot(resetting.email);
  const superseded = await linkToken(app, resetting.email, 'reset-password');
  await forgot(resetting.email);
  // The other reset mail's code (both mails may carry the same timestamp: not "the newest").
  const resetMails = await app.db
    .select({ text: schema.outbox.textBody })
    .from(schema.outbox)
    .where(and(eq(schema.outbox.toAddress, resetting.email), eq(schema.outbox.kind, 'reset-password')));
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

  const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#0a0' } })
    .png()
    .toBuffer();
  const ids = [
    ...Object.values(actors).flatMap((a) => [a._id, a.email]),
    ...others,
    ...emails,
    gone._id,
    gone.email,
    category.id,
    model.body.data._id,
    onSale._id,
    advertised._id,
    sold._id,
    open._id,
    paid._id,
    review._id,
    thread._id,
    savedSearch._id,
    question!.id,
    answered._id,
  ];
  return {
    actors,
    categoryId: category.id,
    productIds: [onSale._id, advertised._id, sold._id],
    orderIds: [open._id, paid._id],
    conversationIds: [thread._id],
    messageIds: [question!.id, answered._id],
    savedSearchIds: [savedSearch._id],
    modelPath: pricesPath(category.name, (model.body.data as { slug: string }).slug).replace('/prices/', ''),
    pushEndpoint,
    intent: { id: intent.id, clientSecret: intent.clientSecret },
    emails,
    uploads: uploaded,
    links,
    known: [...ids, intent.id, intent.clientSecret, 'evt_fuzz_handled', `pi_test_${paid._id.slice(0, 8)}`].map((s) => s.toLowerCase()),
    forged: await forgeTokens(jwtSecret, actors, gone, loggedOut),
    png,
  };
}

// Tokens.

export const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** Tokens that must never pass for anyone: wrong algorithm or key, expired, tampered, or naming no account. */
async function forgeTokens(jwtSecret: string, actors: Record<ActorName, Actor>, gone: Actor, loggedOut: Actor) {
  const key = new TextEncoder().encode(jwtSecret);
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
  forged.push({
    what: 'stale session version (no sv: a token from before sessions had versions)',
    value: await sign({ _id: actors.admin._id, email: actors.admin.email, role: 'Admin', sub: actors.admin._id }),
  });
  for (const sv of [1, -1, '0', null, 0.5]) {
    forged.push({
      what: `stale session version (sv ${JSON.stringify(sv)})`,
      value: await sign({ _id: actors.admin._id, email: actors.admin.email, role: 'Admin', sub: actors.admin._id, sv }),
    });
  }
  for (const id of [
    123,
    null,
    true,
    '',
    'admin',
    actors.admin.email,
    [actors.admin._id],
    { $ne: null },
    `${actors.admin._id} `,
    '-'.repeat(36),
    'a'.repeat(36),
  ]) {
    forged.push({ what: `right key, _id ${JSON.stringify(id)}`, value: await sign({ _id: id, role: 'Admin' }) });
  }
  forged.push({ what: 'right key, no _id', value: await sign({ sub: actors.admin._id, role: 'Admin' }) });
  return forged;
}

/** The `authorization` a request carries. */
export type Token = { kind: 'none' } | { kind: 'bad'; what: string; value: string } | { kind: 'actor'; actor: ActorName; value: string };

/** Whether the access table turns this signed-in caller away whatever the target (the world's owners are fixed). */
export function refusesActor(world: World, rule: Rule, name: ActorName): boolean {
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
      return !rule.roles.includes(role) || (Boolean(rule.verified) && !isVerified(name)) || !owns(rule.of, name);
    case 'owner-or-admin':
      return role !== 'Admin' && !owns(rule.of, name);
  }
}

export const identityRefused = (world: World, rule: Rule, token: Token) =>
  rule.who !== 'anyone' && (token.kind !== 'actor' || refusesActor(world, rule, token.actor));
