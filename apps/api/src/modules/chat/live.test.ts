import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../../../test/call-route.ts';
import { createCategory, logIn, PASSWORD, postProduct, signUp as signUpUnverified, type Actor } from '../../../test/fixtures.ts';
import { roomyLimits, runJobs, useTestApp } from '../../../test/helper.ts';
import { freePort } from '../../../test/free-port.ts';
import { MAIL_FROM, smtpUrl, startSmtpServer, type TestSmtpServer } from '../../../test/smtp-server.ts';
import { digestAfterSixteenMinutes } from '../../../test/digest-due.ts';
import { startPushService, type PushService } from '../../../test/push-service.ts';
import { messageBodies, openSse } from '../../../test/sse.ts';
import type { Config } from '../../config.ts';
import { pushSubscriptions, users, userEvents } from '../../db/schema.ts';
import { sweepEvents } from './service.ts';

/**
 * Issue 33: the live stream over real HTTP (Server-Sent Events: what arrives, what a reconnect gets back) and Web Push
 * through a local push service that checks our VAPID signature and decrypts what we sent (test/push-service.ts).
 */
const vapid = webpush.generateVAPIDKeys();
const chat: Config['chat'] = { heartbeatMs: 20_000, pollMs: 100, newAccountDays: 7, pushServices: [], vapid, vapidSubject: 'mailto:tests@resale.test' };
const mail: Config['mail'] = { smtpUrl: undefined, from: MAIL_FROM };
let push: PushService;
let smtp: TestSmtpServer;
beforeAll(async () => {
  push = await startPushService({ vapidPublicKey: vapid.publicKey });
  chat.pushServices = [push.url];
  chat.pushCa = push.ca;
  smtp = await startSmtpServer(await freePort());
  mail.smtpUrl = smtpUrl(smtp.port);
});
afterAll(async () => {
  await push?.close();
  await smtp?.close();
});
// Mails go out over SMTP here; a new account starts two conversations an hour.
const ctx = useTestApp({ chat, mail, limits: { ...roomyLimits, firstMessagesPerNewAccount: { max: 2, windowMs: 3_600_000 } } });
let origin: string;
beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});

/**
 * A signed-up person with a confirmed address. This app sends its mails over SMTP as soon as they are queued, which
 * empties an outbox row's body: the fixture's reading of the confirmation link from the outbox would race the sending.
 */
async function signUp(app: typeof ctx.app, role: 'Buyer' | 'Seller'): Promise<Actor> {
  const person = await signUpUnverified(app, role, undefined, { verified: false });
  await app.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, person._id));
  return logIn(app, person.email, PASSWORD);
}

/** A signed-in person's stream, read as a browser would. */
const openStream = (actor: Actor, lastEventId?: string) => openSse(`${origin}/api/events`, actor.token, lastEventId);

async function world() {
  const seller = await signUp(ctx.app, 'Seller');
  const buyer = await signUp(ctx.app, 'Buyer');
  const category = await createCategory(ctx.app);
  const product = await postProduct(ctx.app, seller, category.id, { productName: 'Pixel 7' });
  const started = await callRoute(ctx.app, 'startConversation', { token: buyer.token, body: { productId: product._id, body: 'Hello' } });
  expect(started.status).toBe(201);
  return { seller, buyer, product, id: started.body.data._id as string };
}

const send = (actor: Actor, id: string, body: string) => callRoute(ctx.app, 'sendMessage', { token: actor.token, params: { id }, body: { body } });
const messagesOf = messageBodies;

describe('the live stream', () => {
  it('is a stream no proxy buffers, for the signed-in person only', async () => {
    const { buyer } = await world();
    const stream = await openStream(buyer);
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.res.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.res.headers.get('cache-control')).toContain('no-cache');
    stream.close();
    const anonymous = await fetch(`${origin}/api/events`);
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { code: string }).code).toBe('not_logged_in');
  });

  it('delivers a message to both people at once, and the read receipt back to the writer', async () => {
    const { seller, buyer, id } = await world();
    const buyers = await openStream(buyer);
    const sellers = await openStream(seller);
    expect((await send(seller, id, 'Yes, available')).status).toBe(201);
    await buyers.until((e) => messagesOf(e).includes('Yes, available'), 'message');
    await sellers.until((e) => messagesOf(e).includes('Yes, available'), 'own message (other tabs)');
    await callRoute(ctx.app, 'readConversation', { token: buyer.token, params: { id }, body: { seq: 2 } });
    const got = await sellers.until((e) => e.some((x) => x.type === 'read'), 'receipt');
    expect(got.find((x) => x.type === 'read')).toMatchObject({ conversationId: id, readerId: buyer._id, seq: 2 });
    buyers.close();
    sellers.close();
  });

  it('gives a reconnecting stream what it missed after its last event id, in order', async () => {
    const { seller, buyer, id } = await world();
    const first = await openStream(buyer);
    await send(seller, id, 'one');
    const [seen] = await first.until((e) => messagesOf(e).includes('one'), 'first message');
    first.close();
    await send(seller, id, 'two');
    await send(seller, id, 'three');
    const again = await openStream(buyer, seen!.id);
    const got = await again.until((e) => messagesOf(e).includes('three'), 'missed messages');
    // After the last id it saw: exactly what it missed (the last seconds may come again: the client keeps what it saw).
    expect(messagesOf(got.filter((e) => Number(e.id) > Number(seen!.id)))).toEqual(['two', 'three']);
    again.close();
  });

  it('tells of a notification (found by the poll: nobody announces a deal’s move)', async () => {
    const { seller, buyer, product } = await world();
    const sellers = await openStream(seller);
    const booked = await callRoute(ctx.app, 'book', {
      token: buyer.token,
      body: { productId: product._id, meetingLocation: 'Gulshan 1', mobileNumber: '01911-222333' },
    });
    expect(booked.status).toBe(201);
    const got = await sellers.until((e) => e.some((x) => x.type === 'notification'), 'notification');
    expect(got.find((x) => x.type === 'notification')).toMatchObject({ kind: 'book' });
    sellers.close();
  });

  it('keeps nothing of a client that hung up while its stream was being opened', async () => {
    const { buyer } = await world();
    const before = ctx.app.live.size;
    const out = Object.assign(new EventEmitter(), { destroyed: false, writeHead: () => out, write: () => true, end: () => out });
    const opening = ctx.app.live.open(buyer._id, out as unknown as ServerResponse, undefined);
    // The hang-up comes while the hub reads where the stream starts.
    out.destroyed = true;
    out.emit('close');
    await opening;
    expect(ctx.app.live.size).toBe(before);
  });

  it('tells a stream that missed more than the kept events to read afresh', async () => {
    const { seller, buyer, id } = await world();
    await send(seller, id, 'old');
    const [old] = await ctx.app.db.select({ id: userEvents.id }).from(userEvents).orderBy(userEvents.id).limit(1);
    await ctx.app.db.update(userEvents).set({ createdAt: sql`now() - interval '3 days'` });
    await sweepEvents(ctx.app.db);
    await send(seller, id, 'new');
    const stream = await openStream(buyer, String(old!.id - 1));
    const got = await stream.until((e) => e.some((x) => x.type === 'reset') && messagesOf(e).includes('new'), 'reset');
    expect(got[0]!.type).toBe('reset');
    stream.close();
  });
});

describe('Web Push', () => {
  const key = async () => (await callRoute(ctx.app, 'pushKey', {})).body.data.publicKey as string;

  it('reaches a subscribed browser through its push service, signed with our VAPID key and encrypted for it, in its person’s language', async () => {
    const { seller, buyer, id } = await world();
    expect(await key()).toBe(vapid.publicKey);
    const browser = push.subscribe();
    expect((await callRoute(ctx.app, 'subscribePush', { token: buyer.token, body: browser })).status).toBe(201);
    await ctx.app.db.update(users).set({ language: 'bn' }).where(eq(users.id, buyer._id));
    const before = push.received.length;
    await send(seller, id, 'আছে, বক্সসহ');
    await runJobs(ctx.app);
    const [got] = (await push.waitFor(before + 1)).slice(before);
    expect(got!.subscription).toBe(browser.endpoint);
    expect(got!.vapidSubject).toBe('mailto:tests@resale.test');
    expect(JSON.parse(got!.payload)).toEqual({
      title: `Pixel 7 নিয়ে ${seller.name}`,
      body: 'আছে, বক্সসহ',
      url: `/dashboard/messages/${id}`,
      tag: `conversation-${id}`,
    });
  });

  it('brings a notification of a deal to the browsers of its person, in their language, opening their deals', async () => {
    const { seller, buyer, product } = await world();
    const phone = push.subscribe();
    const laptop = push.subscribe();
    for (const browser of [phone, laptop]) expect((await callRoute(ctx.app, 'subscribePush', { token: seller.token, body: browser })).status).toBe(201);
    await ctx.app.db.update(users).set({ language: 'bn' }).where(eq(users.id, seller._id));
    const before = push.received.length;
    const booked = await callRoute(ctx.app, 'book', {
      token: buyer.token,
      body: { productId: product._id, meetingLocation: 'Gulshan 1', mobileNumber: '01911-222333' },
    });
    expect(booked.status).toBe(201);
    await runJobs(ctx.app);
    const got = (await push.waitFor(before + 2)).slice(before);
    expect(got.map((g) => g.subscription).sort()).toEqual([phone.endpoint, laptop.endpoint].sort());
    const [notification] = (await callRoute(ctx.app, 'notifications', { token: seller.token })).body.data as { _id: string }[];
    for (const g of got)
      expect(JSON.parse(g.payload)).toEqual({
        title: 'Resale Phones',
        body: 'আপনার Pixel 7 নতুন বুক হয়েছে',
        url: '/dashboard/bookings',
        tag: `notification-${notification!._id}`,
      });
    // The buyer, who has no browser subscribed, queued nothing.
    expect(push.received.slice(before)).toHaveLength(2);
  });

  it('forgets a subscription its push service no longer knows', async () => {
    const { seller, buyer, id } = await world();
    const browser = push.subscribe();
    await callRoute(ctx.app, 'subscribePush', { token: buyer.token, body: browser });
    push.expire(browser.endpoint);
    await send(seller, id, 'Still there?');
    await runJobs(ctx.app);
    expect(await ctx.app.db.$count(pushSubscriptions, eq(pushSubscriptions.endpoint, browser.endpoint))).toBe(0);
  });

  it('never sends anywhere but an allowed push service, and forgets only one’s own subscription', async () => {
    const { seller, buyer } = await world();
    const keys = push.subscribe().keys;
    for (const endpoint of [
      'https://evil.example/push/1',
      'http://127.0.0.1:5432/',
      `${push.url.replace('https:', 'http:')}/push/x`,
      'https://user:pw@fcm.googleapis.com/x',
    ]) {
      const res = await callRoute(ctx.app, 'subscribePush', { token: buyer.token, body: { endpoint, keys } });
      expect(res.status, endpoint).toBe(400);
      expect(res.body.code === 'push_service_not_allowed' || res.body.code === 'invalid_input').toBe(true);
    }
    expect(await ctx.app.db.$count(pushSubscriptions, eq(pushSubscriptions.userId, buyer._id))).toBe(0);
    const browser = push.subscribe();
    await callRoute(ctx.app, 'subscribePush', { token: buyer.token, body: browser });
    await callRoute(ctx.app, 'unsubscribePush', { token: seller.token, body: { endpoint: browser.endpoint } });
    expect(await ctx.app.db.$count(pushSubscriptions, eq(pushSubscriptions.endpoint, browser.endpoint))).toBe(1);
    await callRoute(ctx.app, 'unsubscribePush', { token: buyer.token, body: { endpoint: browser.endpoint } });
    expect(await ctx.app.db.$count(pushSubscriptions, eq(pushSubscriptions.endpoint, browser.endpoint))).toBe(0);
  });
});

describe('the digest over SMTP, and new accounts', () => {
  it('mails the messages unread for 15 minutes through the SMTP server, once', async () => {
    const { seller, buyer, id } = await world();
    await send(seller, id, 'Yes, still available');
    await digestAfterSixteenMinutes(ctx.app);
    await runJobs(ctx.app);
    // The sign-up's confirmation came first, then the digest.
    const got = (await smtp.waitFor(buyer.email, 2)).find((m) => m.mail.subject?.includes('unread'));
    expect(got!.mail.subject).toBe('You have 1 unread message on Resale Phones');
    expect(got!.mail.text).toContain(`1 message from ${seller.name} about Pixel 7`);
    expect(got!.mail.text).toContain('/dashboard/messages');
    // The seller's own message in the thread (the buyer's first) was read by answering: no digest for them.
    expect(smtp.to(seller.email).filter((m) => m.mail.subject?.includes('unread'))).toEqual([]);
  });

  it('lets a new account start only a few conversations an hour; an older one is not counted', async () => {
    const seller = await signUp(ctx.app, 'Seller');
    const category = await createCategory(ctx.app);
    const phones = [];
    for (let i = 0; i < 3; i++) phones.push(await postProduct(ctx.app, seller, category.id, { productName: `Phone ${i}` }));
    const fresh = await signUp(ctx.app, 'Buyer');
    const statuses = [];
    for (const phone of phones) {
      statuses.push((await callRoute(ctx.app, 'startConversation', { token: fresh.token, body: { productId: phone._id, body: 'Hi' } })).status);
    }
    expect(statuses).toEqual([201, 201, 429]);
    const third = await callRoute(ctx.app, 'startConversation', { token: fresh.token, body: { productId: phones[2]!._id, body: 'Hi' } });
    expect(third.body.code).toBe('too_many_first_messages');
    // The two started threads go on.
    const [c] = (await callRoute(ctx.app, 'conversations', { token: fresh.token })).body.data as { _id: string }[];
    expect((await send(fresh, c!._id, 'Still there?')).status).toBe(201);

    const older = await signUp(ctx.app, 'Buyer');
    await ctx.app.db
      .update(users)
      .set({ createdAt: sql`now() - interval '30 days'` })
      .where(eq(users.id, older._id));
    for (const phone of phones) {
      expect((await callRoute(ctx.app, 'startConversation', { token: older.token, body: { productId: phone._id, body: 'Hi' } })).status).toBe(201);
    }
  });
});
