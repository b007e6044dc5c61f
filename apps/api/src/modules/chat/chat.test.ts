import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callRoute } from '../../../test/call-route.ts';
import { book, createAdmin, createCategory, markSold, postProduct, signUp, uploadedPicture, type Actor } from '../../../test/fixtures.ts';
import { digestAfterSixteenMinutes } from '../../../test/digest-due.ts';
import { runJobs, useTestApp } from '../../../test/helper.ts';
import { auditLog, conversations, jobs, messages, notifications, outbox, userEvents, users } from '../../db/schema.ts';

/** Issue 33: buyer and seller talk on the site; a stranger never reads or writes their thread. */
const ctx = useTestApp();

async function world() {
  const seller = await signUp(ctx.app, 'Seller');
  const buyer = await signUp(ctx.app, 'Buyer');
  const category = await createCategory(ctx.app);
  const product = await postProduct(ctx.app, seller, category.id, { productName: 'Pixel 7' });
  return { seller, buyer, product, categoryId: category.id };
}

async function start(buyer: Actor, productId: string, body = 'Is it still available?') {
  const res = await callRoute(ctx.app, 'startConversation', { token: buyer.token, body: { productId, body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { _id: string; unread: number; otherReadSeq: number; side: string };
}

async function send(actor: Actor, id: string, body: Record<string, unknown>) {
  return callRoute(ctx.app, 'sendMessage', { token: actor.token, params: { id }, body: body as never });
}

const unread = async (actor: Actor) => (await callRoute(ctx.app, 'unreadMessages', { token: actor.token })).body.data.unread as number;
const thread = async (actor: Actor, id: string) =>
  (await callRoute(ctx.app, 'conversationMessages', { token: actor.token, params: { id } })).body.data as {
    seq: number;
    body: string;
    senderId: string;
    signs: string[];
  }[];

describe('a conversation between a buyer and a seller', () => {
  it('starts from the phone, reaches the seller’s inbox with an unread count, and goes on in one thread', async () => {
    const { seller, buyer, product } = await world();
    const started = await start(buyer, product._id);
    expect(started).toMatchObject({ side: 'buyer', unread: 0, otherReadSeq: 0, blocked: false, orderId: null });
    expect(started).toMatchObject({ product: { _id: product._id, name: 'Pixel 7', status: 'available' }, other: { _id: seller._id } });

    const inbox = await callRoute(ctx.app, 'conversations', { token: seller.token });
    expect(inbox.body.data).toEqual([
      expect.objectContaining({
        _id: started._id,
        side: 'seller',
        unread: 1,
        lastMessage: expect.objectContaining({ body: 'Is it still available?', mine: false }),
      }),
    ]);
    expect(await unread(seller)).toBe(1);
    expect(await unread(buyer)).toBe(0);

    // Writing again from the phone's page adds to the same thread.
    const again = await start(buyer, product._id, 'And the box?');
    expect(again._id).toBe(started._id);
    expect(await unread(seller)).toBe(2);

    const answered = await send(seller, started._id, { body: 'Yes, with the box.' });
    expect(answered.status).toBe(201);
    expect(answered.body.data).toMatchObject({ seq: 3, senderId: seller._id, signs: [] });
    // The seller's reply reads what came before it.
    expect(await unread(seller)).toBe(0);
    expect(await unread(buyer)).toBe(1);
    expect((await thread(buyer, started._id)).map((m) => `${m.seq}:${m.body}`)).toEqual(['3:Yes, with the box.', '2:And the box?', '1:Is it still available?']);

    // The phone's page finds the buyer's thread by the phone.
    const mine = await callRoute(ctx.app, 'conversations', { token: buyer.token, query: { productId: product._id } });
    expect(mine.body.data.map((c: { _id: string }) => c._id)).toEqual([started._id]);
  });

  it('gives read receipts: the reader’s unread count drops, the other side sees how far they read', async () => {
    const { seller, buyer, product } = await world();
    const { _id: id } = await start(buyer, product._id, 'one');
    await start(buyer, product._id, 'two');
    const read = await callRoute(ctx.app, 'readConversation', { token: seller.token, params: { id }, body: { seq: 1 } });
    expect(read.status).toBe(200);
    expect(read.body.data.unread).toBe(1);
    const buyerView = await callRoute(ctx.app, 'conversation', { token: buyer.token, params: { id } });
    expect(buyerView.body.data.otherReadSeq).toBe(1);
    // Reading back changes nothing; reading past the last message is refused and changes nothing.
    expect((await callRoute(ctx.app, 'readConversation', { token: seller.token, params: { id }, body: { seq: 2 } })).body.data.unread).toBe(0);
    expect((await callRoute(ctx.app, 'readConversation', { token: seller.token, params: { id }, body: { seq: 1 } })).body.data.unread).toBe(0);
    const past = await callRoute(ctx.app, 'readConversation', { token: seller.token, params: { id }, body: { seq: 3 } });
    expect(past.status).toBe(400);
    expect(past.body).toMatchObject({ code: 'read_past_last', params: { last: 2, seq: 3 } });
    expect((await callRoute(ctx.app, 'conversation', { token: buyer.token, params: { id } })).body.data.otherReadSeq).toBe(2);
  });

  it('is a deal’s: each side’s list of deals names its conversation with that side’s unread count', async () => {
    const { seller, buyer, product } = await world();
    const order = await book(ctx.app, buyer, product._id);
    const dealOf = async (route: 'buyerOrders' | 'sellerBookings', actor: Actor) =>
      ((await callRoute(ctx.app, route, { token: actor.token, params: { id: actor._id } })).body.data as { _id: string; conversation: unknown }[]).find(
        (o) => o._id === order._id,
      );
    // No conversation yet: the buyer's 'Messages' starts one.
    expect(order).toMatchObject({ conversation: null });
    const { _id: id } = await start(buyer, product._id, 'one');
    await start(buyer, product._id, 'two');
    expect(await dealOf('sellerBookings', seller)).toMatchObject({ conversation: { _id: id, unread: { seller: 2, buyer: 0 } } });
    await callRoute(ctx.app, 'readConversation', { token: seller.token, params: { id }, body: { seq: 2 } });
    await send(seller, id, { body: 'Come at six.' });
    expect(await dealOf('buyerOrders', buyer)).toMatchObject({ conversation: { _id: id, unread: { seller: 0, buyer: 1 } } });
    // Another buyer's thread about the same phone is not this deal's.
    const other = await signUp(ctx.app, 'Buyer');
    await start(other, product._id, 'Mine too?');
    expect(await dealOf('sellerBookings', seller)).toMatchObject({ conversation: { _id: id } });
  });

  it('is nobody else’s: another buyer, another seller or an Admin cannot read or write it, and changes nothing', async () => {
    const { seller, buyer, product } = await world();
    const { _id: id } = await start(buyer, product._id);
    const strangers = [await signUp(ctx.app, 'Buyer'), await signUp(ctx.app, 'Seller'), await createAdmin(ctx.app)];
    for (const stranger of strangers) {
      for (const res of [
        await callRoute(ctx.app, 'conversation', { token: stranger.token, params: { id } }),
        await callRoute(ctx.app, 'conversationMessages', { token: stranger.token, params: { id } }),
        await send(stranger, id, { body: 'hello' }),
        await callRoute(ctx.app, 'readConversation', { token: stranger.token, params: { id }, body: { seq: 1 } }),
      ]) {
        expect(res.status).toBe(403);
      }
      expect((await callRoute(ctx.app, 'conversations', { token: stranger.token })).body.data).toEqual([]);
    }
    expect((await thread(seller, id)).length).toBe(1);
    expect((await callRoute(ctx.app, 'conversation', { token: seller.token, params: { id } })).body.data.unread).toBe(1);
    expect((await callRoute(ctx.app, 'conversation', { token: seller.token, params: { id: crypto.randomUUID() } })).status).toBe(404);
  });

  it('takes no new thread about a sold phone, but an open thread goes on', async () => {
    const { seller, buyer, product } = await world();
    const { _id: id } = await start(buyer, product._id);
    await markSold(ctx.app, product._id);
    const late = await signUp(ctx.app, 'Buyer');
    const refused = await callRoute(ctx.app, 'startConversation', { token: late.token, body: { productId: product._id, body: 'Still there?' } });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('product_sold');
    expect((await send(seller, id, { body: 'Sold, sorry' })).status).toBe(201);
    expect(await ctx.app.db.$count(conversations)).toBe(1);
  });

  it('carries up to 4 of the sender’s own photos, and refuses someone else’s upload without writing anything', async () => {
    const { seller, buyer, product } = await world();
    const { _id: id } = await start(buyer, product._id);
    const photos = [await uploadedPicture(ctx.app, seller), await uploadedPicture(ctx.app, seller)];
    const sent = await send(seller, id, { images: photos });
    expect(sent.status).toBe(201);
    expect(sent.body.data.images.map((i: { url: string }) => i.url)).toEqual(photos);
    expect(sent.body.data.body).toBe('');

    const others = await send(seller, id, { body: 'look', images: [await uploadedPicture(ctx.app, buyer)] });
    expect(others.status).toBe(400);
    expect(others.body.code).toBe('image_not_yours');
    const five = await send(seller, id, { images: await Promise.all([1, 2, 3, 4, 5].map(() => uploadedPicture(ctx.app, seller))) });
    expect(five.status).toBe(400);
    const empty = await send(seller, id, { body: '   ' });
    expect(empty.status).toBe(400);
    expect((await thread(buyer, id)).length).toBe(2);
    expect(await unread(buyer)).toBe(1);
  });

  it('warns of a scam: the detector’s signs go with the message', async () => {
    const { seller, buyer, product } = await world();
    const { _id: id } = await start(buyer, product._id);
    const sent = await send(seller, id, { body: 'Send money 2000 tk advance to my bkash 01711-223344, then I keep it for you' });
    expect(sent.body.data.signs).toEqual(['send_money']);
    const whatsapp = await send(seller, id, { body: 'whatsapp e knock den, ekhane reply kom dei' });
    expect(whatsapp.body.data.signs).toEqual(['off_platform']);
    // A link to a phone of this site is no sign; one to another site is.
    expect((await send(seller, id, { body: 'Same model: http://localhost/detail-product/123' })).body.data.signs).toEqual([]);
    expect((await send(seller, id, { body: 'Pay here: https://pay-bkash.xyz/p/55' })).body.data.signs).toEqual(['payment_link']);
  });
});

describe('blocking', () => {
  it('stops messages both ways: the blocked side is told only that it was not sent, the blocker that they blocked', async () => {
    const { seller, buyer, product } = await world();
    const { _id: id } = await start(buyer, product._id);
    const blocked = await callRoute(ctx.app, 'blockUser', { token: seller.token, params: { id: buyer._id } });
    expect(blocked.status).toBe(200);
    expect(blocked.body.data).toMatchObject({ _id: buyer._id, name: buyer.name });

    const fromBuyer = await send(buyer, id, { body: 'Hello?' });
    expect(fromBuyer.status).toBe(403);
    expect(fromBuyer.body.code).toBe('message_not_sent');
    const again = await callRoute(ctx.app, 'startConversation', { token: buyer.token, body: { productId: product._id, body: 'Hello?' } });
    expect(again.body.code).toBe('message_not_sent');
    const fromSeller = await send(seller, id, { body: 'Bye' });
    expect(fromSeller.status).toBe(409);
    expect(fromSeller.body.code).toBe('you_blocked');
    expect((await thread(seller, id)).length).toBe(1);

    // The buyer's view says no message goes, not who blocked whom.
    expect((await callRoute(ctx.app, 'conversation', { token: buyer.token, params: { id } })).body.data).toMatchObject({ blocked: true, blockedByMe: false });
    expect((await callRoute(ctx.app, 'conversation', { token: seller.token, params: { id } })).body.data).toMatchObject({ blocked: true, blockedByMe: true });
    expect((await callRoute(ctx.app, 'blockedUsers', { token: seller.token })).body.data.map((b: { _id: string }) => b._id)).toEqual([buyer._id]);

    expect((await callRoute(ctx.app, 'unblockUser', { token: seller.token, params: { id: buyer._id } })).status).toBe(200);
    expect((await send(buyer, id, { body: 'Hello again' })).status).toBe(201);
  });

  it('refuses blocking oneself or nobody', async () => {
    const { seller } = await world();
    const self = await callRoute(ctx.app, 'blockUser', { token: seller.token, params: { id: seller._id } });
    expect(self.status).toBe(400);
    expect(self.body.code).toBe('cannot_block_self');
    expect((await callRoute(ctx.app, 'blockUser', { token: seller.token, params: { id: crypto.randomUUID() } })).status).toBe(404);
  });
});

describe('reports of messages', () => {
  async function reported() {
    const { seller, buyer, product } = await world();
    const { _id: id } = await start(buyer, product._id, 'Hi, is it original?');
    const scam = (await send(seller, id, { body: 'Pay 1000 tk advance by bkash send money to 01811223344' })).body.data as { _id: string };
    const res = await callRoute(ctx.app, 'reportMessage', { token: buyer.token, params: { id: scam._id }, body: { reason: 'scam' } });
    expect(res.status).toBe(201);
    return { seller, buyer, id, scam };
  }

  it('joins the Admins’ queue with the thread’s context, once per reporter, never of one’s own message or a stranger’s thread', async () => {
    const { seller, buyer, id, scam } = await reported();
    const twice = await callRoute(ctx.app, 'reportMessage', { token: buyer.token, params: { id: scam._id }, body: { reason: 'scam' } });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('already_reported_message');
    const own = await callRoute(ctx.app, 'reportMessage', { token: seller.token, params: { id: scam._id }, body: { reason: 'spam' } });
    expect(own.body.code).toBe('own_message_report');
    const stranger = await signUp(ctx.app, 'Buyer');
    expect((await callRoute(ctx.app, 'reportMessage', { token: stranger.token, params: { id: scam._id }, body: { reason: 'spam' } })).status).toBe(403);

    const admin = await createAdmin(ctx.app);
    const queue = await callRoute(ctx.app, 'messageReports', { token: admin.token });
    expect(queue.body.data).toEqual([
      expect.objectContaining({
        conversationId: id,
        message: expect.objectContaining({ _id: scam._id, signs: ['send_money'] }),
        sender: expect.objectContaining({ _id: seller._id }),
        reports: [expect.objectContaining({ reason: 'scam', reporter: { _id: buyer._id, name: buyer.name } })],
        context: [expect.objectContaining({ body: 'Hi, is it original?' })],
      }),
    ]);
  });

  it('lets an Admin read a reported conversation, in the audit log; an unreported one stays private', async () => {
    const { id } = await reported();
    const admin = await createAdmin(ctx.app);
    const read = await callRoute(ctx.app, 'reportedConversation', { token: admin.token, params: { id } });
    expect(read.status).toBe(200);
    expect(read.body.data.messages.map((m: { seq: number }) => m.seq)).toEqual([1, 2]);
    const entries = await ctx.app.db.select().from(auditLog).where(eq(auditLog.action, 'read-conversation'));
    expect(entries).toEqual([expect.objectContaining({ adminId: admin._id, targetKind: 'conversation', targetId: id })]);

    const other = await world();
    const { _id: privateId } = await start(other.buyer, other.product._id);
    const refused = await callRoute(ctx.app, 'reportedConversation', { token: admin.token, params: { id: privateId } });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('conversation_not_reported');
    expect(await ctx.app.db.$count(auditLog, eq(auditLog.action, 'read-conversation'))).toBe(1);
  });

  it('is dismissed or upheld with a warning mailed to the sender; the reporter is told; a second act finds nothing open', async () => {
    const { seller, buyer, scam } = await reported();
    const admin = await createAdmin(ctx.app);
    const warned = await callRoute(ctx.app, 'warnSender', { token: admin.token, params: { id: scam._id }, body: { reason: 'No advance payments' } });
    expect(warned.body.data).toEqual({ resolved: 1 });
    const [mail] = await ctx.app.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, seller.email), eq(outbox.kind, 'sender-warning')));
    expect(mail?.textBody).toContain('No advance payments');
    const told = await ctx.app.db.select().from(notifications).where(eq(notifications.userId, buyer._id));
    expect(told.map((n) => n.kind)).toEqual(['report_upheld']);
    const again = await callRoute(ctx.app, 'dismissMessageReports', { token: admin.token, params: { id: scam._id }, body: { reason: 'x' } });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('no_open_message_reports');
    expect((await callRoute(ctx.app, 'messageReports', { token: admin.token })).body.data).toEqual([]);
  });
});

describe('the live stream’s events and the digest', () => {
  it('writes each message and receipt as an event of both people, and each notification as one of its person', async () => {
    const { seller, buyer, product } = await world();
    const { _id: id } = await start(buyer, product._id);
    await callRoute(ctx.app, 'readConversation', { token: seller.token, params: { id }, body: { seq: 1 } });
    const events = await ctx.app.db.select().from(userEvents).orderBy(userEvents.id);
    expect(events.map((e) => `${e.type}:${e.userId === buyer._id ? 'buyer' : 'seller'}`).sort()).toEqual([
      'message:buyer',
      'message:seller',
      'read:buyer',
      'read:seller',
    ]);
    await callRoute(ctx.app, 'book', { token: buyer.token, body: { productId: product._id, meetingLocation: 'Gulshan 1', mobileNumber: '01911-222333' } });
    const told = await ctx.app.db.select().from(userEvents).where(eq(userEvents.type, 'notification'));
    expect(told).toEqual([expect.objectContaining({ userId: seller._id, data: expect.objectContaining({ kind: 'book' }) })]);
  });

  it('mails one digest of the messages unread for 15 minutes, in the reader’s language, unless they switched it off', async () => {
    const { seller, buyer, product } = await world();
    const { _id: id } = await start(buyer, product._id, 'one');
    await start(buyer, product._id, 'two');
    // The digest round is queued once, 15 minutes ahead.
    const queued = await ctx.app.db.select().from(jobs).where(eq(jobs.kind, 'chat-digest'));
    expect(queued).toHaveLength(1);
    expect(queued[0]!.runAt.getTime() - Date.now()).toBeGreaterThan(14 * 60_000);

    await ctx.app.db.update(users).set({ language: 'bn' }).where(eq(users.id, seller._id));
    await digestAfterSixteenMinutes(ctx.app);
    const mails = await ctx.app.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, seller.email), eq(outbox.kind, 'message-digest')));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('২টি');
    expect(mails[0]!.textBody).toContain(buyer.name);

    // Told once: another round finds nothing new.
    await ctx.app.db.insert(jobs).values({ kind: 'chat-digest', payload: { userId: seller._id } });
    await runJobs(ctx.app);
    expect(await ctx.app.db.$count(outbox, eq(outbox.kind, 'message-digest'))).toBe(1);

    // Switched off: no mail for the buyer's digest.
    await callRoute(ctx.app, 'setMailPreferences', { token: buyer.token, body: { mailOff: ['messages'] } });
    await send(seller, id, { body: 'three' });
    await digestAfterSixteenMinutes(ctx.app);
    expect(await ctx.app.db.$count(outbox, and(eq(outbox.toAddress, buyer.email), eq(outbox.kind, 'message-digest')))).toBe(0);
    // The round moved the buyer's digest position all the same: switching mails back on later does not mail the old ones.
    const [c] = await ctx.app.db.select().from(conversations).where(eq(conversations.id, id));
    expect(c!.buyerDigestedSeq).toBe(3);
  });

  it('keeps messages as written: the database refuses changing one', async () => {
    const { buyer, product } = await world();
    await start(buyer, product._id);
    const error = await ctx.app.db
      .update(messages)
      .set({ body: 'changed' })
      .then(
        () => null,
        (err: Error & { cause?: Error }) => err,
      );
    expect(error?.cause?.message ?? error?.message).toMatch(/never change/);
    expect((await ctx.app.db.select({ body: messages.body }).from(messages)).map((m) => m.body)).toEqual(['Is it still available?']);
  });
});
