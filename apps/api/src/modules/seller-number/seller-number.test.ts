import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callRoute } from '../../../test/call-route.ts';
import {
  cameraPhoto,
  createAdmin,
  createCategory,
  postProduct,
  productBody,
  signUp,
  uploadedPicture,
  uploadPhoto,
  type Actor,
} from '../../../test/fixtures.ts';
import { appWithLimits, useTestApp } from '../../../test/helper.ts';
import { jobs, listingChecks, notifications, phoneCodes, products, smsMessages, users } from '../../db/schema.ts';

/**
 * Issue 36, item 3 (decision 062): a seller confirms a mobile number by an SMS code; a new listing of a seller without
 * one waits for it (the seller's to clear, not an Admin's), and goes live when they confirm it.
 */
const ctx = useTestApp({ risk: { newSellerListings: 1000, photoBits: 5, pricePercent: 60, checkHours: 4, confirmedNumber: true } });

/** A number no other test uses. */
const aNumber = () => `01${randomInt(3, 10)}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
const send = (who: Actor, number: string) => callRoute(ctx.app, 'sendNumberCode', { token: who.token, body: { number } });
const confirm = (who: Actor, code: string) => callRoute(ctx.app, 'confirmMyNumber', { token: who.token, body: { code } });
/** The code of the newest SMS to this local number, as the Admin's SMS outbox shows it (no gateway in tests). */
async function codeSentTo(number: string) {
  const [sms] = await ctx.app.db
    .select({ body: smsMessages.body })
    .from(smsMessages)
    .where(eq(smsMessages.toNumber, `88${number}`))
    .orderBy(sql`${smsMessages.createdAt} desc`)
    .limit(1);
  return /\b(\d{6})\b/.exec(sms!.body!)![1]!;
}
/** A seller whose number is confirmed through the routes. */
async function confirmed(seller: Actor, number = aNumber()) {
  expect((await send(seller, number)).status).toBe(202);
  const res = await confirm(seller, await codeSentTo(number));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { confirmedNumber: string; published: number; stillChecked: number };
}
const me = async (who: Actor) => (await callRoute(ctx.app, 'me', { token: who.token })).body.data;
const statusOf = async (id: string) => (await ctx.app.db.select({ status: products.status }).from(products).where(eq(products.id, id)))[0]?.status;
/** A listing's checks, the decided ones first. */
const checksOf = (id: string) =>
  ctx.app.db
    .select()
    .from(listingChecks)
    .where(eq(listingChecks.productId, id))
    .orderBy(sql`${listingChecks.decidedAt} asc nulls last`);
const queue = async (admin: Actor) =>
  (
    (await callRoute(ctx.app, 'heldListings', { token: admin.token, query: { limit: 100 } })).body.data as {
      product: { _id: string };
      signals: { code: string }[];
    }[]
  ).map((h) => [h.product._id, h.signals.map((s) => s.code)] as const);

describe('confirming a number', () => {
  it('sends a code to the number however it is written (the SMS outbox holds it), and the right code confirms it', async () => {
    const seller = await signUp(ctx.app, 'Seller');
    const number = aNumber();
    const typed = `+880 ${number.slice(1, 5)}-${number.slice(5)}`;
    const sent = await send(seller, typed);
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    expect(sent.body.data).toEqual({ number, minutes: 10 });
    const [sms] = await ctx.app.db
      .select()
      .from(smsMessages)
      .where(eq(smsMessages.toNumber, `88${number}`));
    expect(sms).toMatchObject({
      kind: 'seller-number',
      status: 'pending',
      body: expect.stringMatching(/^Resale Phones: \d{6} is your code to confirm this mobile number/),
    });
    expect(
      await ctx.app.db
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.kind, 'sms'), sql`${jobs.payload} ->> 'smsId' = ${sms!.id}`)),
    ).toHaveLength(1);
    // Not confirmed until the code is entered.
    expect((await me(seller)).confirmedNumber).toBeUndefined();

    const code = await codeSentTo(number);
    const wrong = await confirm(seller, code === '000000' ? '111111' : '000000');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'sms_code_wrong', params: { left: 4 } });
    expect((await me(seller)).confirmedNumber).toBeUndefined();

    const right = await confirm(seller, code);
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    expect(right.body.data).toEqual({ confirmedNumber: number, published: 0, stillChecked: 0 });
    expect((await me(seller)).confirmedNumber).toBe(number);
    const [row] = await ctx.app.db.select({ phone: users.phone, at: users.phoneConfirmedAt }).from(users).where(eq(users.id, seller._id));
    expect(row!.phone).toBe(number);
    expect(row!.at).toBeInstanceOf(Date);
    // A code is used once.
    expect((await confirm(seller, code)).body).toMatchObject({ code: 'sms_code_expired' });
  });

  it('writes the SMS in the seller’s language', async () => {
    const seller = await signUp(ctx.app, 'Seller');
    await callRoute(ctx.app, 'setLanguage', { token: seller.token, body: { language: 'bn' } });
    const number = aNumber();
    await send(seller, number);
    const [sms] = await ctx.app.db
      .select()
      .from(smsMessages)
      .where(eq(smsMessages.toNumber, `88${number}`));
    expect(sms!.body).toMatch(/^রিসেল ফোনস: .*মোবাইল নম্বর নিশ্চিত করতে আপনার কোড \d{6}/);
  });

  it('does not take another seller’s code, nor a code without one sent', async () => {
    const [a, b] = [await signUp(ctx.app, 'Seller'), await signUp(ctx.app, 'Seller')];
    const numberA = aNumber();
    await send(a, numberA);
    const codeA = await codeSentTo(numberA);
    // B has no code at all: A's code is nothing to B.
    expect((await confirm(b, codeA)).body).toMatchObject({ code: 'sms_code_expired' });
    const numberB = aNumber();
    await send(b, numberB);
    const codeB = await codeSentTo(numberB);
    if (codeA !== codeB) expect((await confirm(b, codeA)).body).toMatchObject({ code: 'sms_code_wrong' });
    expect((await me(b)).confirmedNumber).toBeUndefined();
    // A's code still confirms A's number, and only A's.
    expect((await confirm(a, codeA)).status).toBe(200);
    expect((await me(a)).confirmedNumber).toBe(numberA);
    expect((await me(b)).confirmedNumber).toBeUndefined();
  });

  it('refuses a Buyer (403), an unconfirmed address’s request for a code, and a number that is not a mobile number', async () => {
    const buyer = await signUp(ctx.app, 'Buyer');
    expect((await send(buyer, aNumber())).status).toBe(403);
    expect((await confirm(buyer, '123456')).status).toBe(403);
    const unconfirmed = await signUp(ctx.app, 'Seller', undefined, { verified: false });
    const res = await send(unconfirmed, aNumber());
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('email_not_confirmed');
    const seller = await signUp(ctx.app, 'Seller');
    const bad = await send(seller, '01234');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Bangladeshi mobile number');
    expect((await confirm(seller, '12ab56')).status).toBe(400);
  });

  it('a new number waits for its own code: the confirmed one stays until then', async () => {
    const seller = await signUp(ctx.app, 'Seller');
    const first = aNumber();
    await confirmed(seller, first);
    const again = await send(seller, first);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('number_already_confirmed');

    const second = aNumber();
    expect((await send(seller, second)).status).toBe(202);
    expect((await me(seller)).confirmedNumber).toBe(first);
    const code = await codeSentTo(second);
    expect((await confirm(seller, code)).body.data.confirmedNumber).toBe(second);
    expect((await me(seller)).confirmedNumber).toBe(second);
  });

  it('is limited per seller and per number (with the payout wallets’ codes); a bad body costs nothing', async () => {
    const limited = await appWithLimits(ctx, { smsCodesPerNumber: { max: 2, windowMs: 60_000 }, numberCodesPerUser: { max: 3, windowMs: 60_000 } });
    const [a, b] = [await signUp(ctx.app, 'Seller'), await signUp(ctx.app, 'Seller')];
    const ask = (who: Actor, number: string) => callRoute(limited, 'sendNumberCode', { token: who.token, body: { number } });
    const shared = aNumber();
    expect((await ask(a, 'not a number')).status).toBe(400);
    expect((await ask(a, shared)).status).toBe(202);
    // The same number as a payout wallet, from another account: the same count.
    expect((await callRoute(limited, 'setPayoutMethod', { token: b.token, body: { kind: 'bkash', wallet: `+88${shared}` } })).status).toBe(200);
    expect((await ask(b, shared.replace(/^(\d{5})/, '$1-'))).body).toMatchObject({ code: 'too_many_sms_codes' });
    expect((await ask(a, aNumber())).status).toBe(202);
    expect((await ask(a, aNumber())).status).toBe(202);
    const fourth = await ask(a, aNumber());
    expect(fourth.status).toBe(429);
    expect(fourth.body.code).toBe('too_many_number_codes');
  });
});

const photo = () => cameraPhoto();
const upload = (seller: Actor, data: Buffer) => uploadPhoto(ctx.app, seller, data);

describe('a listing of a seller without a confirmed number', () => {
  it('waits for the number (just outside: not confirmed), not for an Admin; a confirmed seller’s goes live (just inside)', async () => {
    const [seller, admin, category] = [await signUp(ctx.app, 'Seller'), await createAdmin(ctx.app), await createCategory(ctx.app)];
    const held = await callRoute(ctx.app, 'addProduct', { token: seller.token, body: productBody(category.id, await uploadedPicture(ctx.app, seller)) });
    expect(held.status).toBe(201);
    expect(held.body.data).toMatchObject({ status: 'pending', check: { state: 'waiting', signals: ['number_unconfirmed'] } });
    expect((await callRoute(ctx.app, 'product', { params: { id: held.body.data._id } })).status).toBe(404);
    // Nothing for an Admin: not in the queue, not theirs to approve; the seller is not told it waits for a check.
    expect((await queue(admin)).map(([id]) => id)).not.toContain(held.body.data._id);
    const approve = await callRoute(ctx.app, 'approveListing', { params: { id: held.body.data._id }, token: admin.token, body: {} });
    expect(approve.status).toBe(409);
    expect(approve.body.code).toBe('listing_not_waiting');
    expect(
      await ctx.app.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, seller._id), eq(notifications.kind, 'listing_held'))),
    ).toEqual([]);

    const other = await signUp(ctx.app, 'Seller');
    await confirmed(other);
    const live = await callRoute(ctx.app, 'addProduct', { token: other.token, body: productBody(category.id, await uploadedPicture(ctx.app, other)) });
    expect(live.body.data.status).toBe('available');
    expect(live.body.data.check).toBeUndefined();
  });

  it('goes live when the seller confirms the number: the check cleared by no Admin, the answer says so', async () => {
    const [seller, category] = [await signUp(ctx.app, 'Seller'), await createCategory(ctx.app)];
    const first = await postProduct(ctx.app, seller, category.id);
    const second = await postProduct(ctx.app, seller, category.id, { productName: 'Pixel Numbertest' });
    // An edit while it waits keeps it waiting for the number.
    const edited = await callRoute(ctx.app, 'editProduct', {
      params: { id: second._id },
      token: seller.token,
      body: productBody(category.id, second.img, { productName: 'Pixel Numbertest', resalePrice: 79_000 }),
    });
    expect(edited.body.data).toMatchObject({ status: 'pending', check: { signals: ['number_unconfirmed'] } });
    expect(await statusOf(first._id)).toBe('pending');

    const done = await confirmed(seller);
    expect(done).toMatchObject({ published: 2, stillChecked: 0 });
    for (const id of [first._id, second._id]) {
      expect(await statusOf(id)).toBe('available');
      expect((await checksOf(id)).map((c) => [c.decision, c.decidedBy])).toEqual([['cleared', null]]);
    }
    const page = await callRoute(ctx.app, 'product', { params: { id: second._id } });
    expect(page.status).toBe(200);
    expect(page.body.data.sellerId).toMatchObject({ _id: seller._id, numberVerified: true });
    expect(JSON.stringify(page.body.data)).not.toContain(done.confirmedNumber);
    // The saved searches hear of them.
    const alerts = await ctx.app.db.select({ payload: jobs.payload }).from(jobs).where(eq(jobs.kind, 'search-alerts'));
    expect(alerts.map((j) => (j.payload as { productId: string }).productId)).toEqual(expect.arrayContaining([first._id, second._id]));
  });

  it('held for the number and a reused photo: in the Admin’s queue, which keeps it without the number once confirmed', async () => {
    const [owner, seller, admin, category] = [
      await signUp(ctx.app, 'Seller'),
      await signUp(ctx.app, 'Seller'),
      await createAdmin(ctx.app),
      await createCategory(ctx.app),
    ];
    await confirmed(owner);
    const picture = await photo();
    const original = await callRoute(ctx.app, 'addProduct', { token: owner.token, body: productBody(category.id, await upload(owner, picture)) });
    expect(original.body.data.status).toBe('available');
    const copy = await callRoute(ctx.app, 'addProduct', { token: seller.token, body: productBody(category.id, await upload(seller, picture)) });
    const id = copy.body.data._id as string;
    expect(copy.body.data.check.signals).toEqual(['photo_reused', 'number_unconfirmed']);
    expect(await queue(admin)).toContainEqual([id, ['photo_reused', 'number_unconfirmed']]);
    // Told it waits for a check (there is one to wait for).
    expect(
      await ctx.app.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, seller._id), eq(notifications.kind, 'listing_held'))),
    ).toHaveLength(1);

    expect(await confirmed(seller)).toMatchObject({ published: 0, stillChecked: 1 });
    expect(await statusOf(id)).toBe('pending');
    expect(await queue(admin)).toContainEqual([id, ['photo_reused']]);
    const own = await callRoute(ctx.app, 'ownProduct', { params: { id }, token: seller.token });
    expect(own.body.data.check).toMatchObject({ state: 'waiting', signals: ['photo_reused'] });
  });

  it('approved by an Admin while the number is not confirmed: the Admin’s signals are approved, it waits for the number alone', async () => {
    const [seller, admin, category] = [await signUp(ctx.app, 'Seller'), await createAdmin(ctx.app), await createCategory(ctx.app)];
    const held = await postProduct(ctx.app, seller, category.id, { description: 'Call 01711-223344' });
    expect(await queue(admin)).toContainEqual([held._id, ['contact_in_description', 'number_unconfirmed']]);
    const approve = await callRoute(ctx.app, 'approveListing', { params: { id: held._id }, token: admin.token, body: {} });
    expect(approve.status, JSON.stringify(approve.body)).toBe(200);
    expect(approve.body.data).toMatchObject({ status: 'pending', check: { state: 'waiting', signals: ['number_unconfirmed'] } });
    expect((await queue(admin)).map(([id]) => id)).not.toContain(held._id);
    const checks = await checksOf(held._id);
    expect(checks.map((c) => [c.decision, c.signals.map((s) => s.code)])).toEqual([
      ['approved', ['contact_in_description']],
      [null, ['number_unconfirmed']],
    ]);
    // Waiting since it was posted: the seller's notice and the queue's order do not move.
    expect(checks[1]!.heldAt).toEqual(checks[0]!.heldAt);
    // Not told it is live: it is not.
    expect(
      await ctx.app.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, seller._id), eq(notifications.kind, 'listing_approved'))),
    ).toEqual([]);
    // The approved signal does not hold it again at an edit; the number still does, until it is confirmed.
    const edited = await callRoute(ctx.app, 'editProduct', {
      params: { id: held._id },
      token: seller.token,
      body: productBody(category.id, held.img, { description: 'Call 01711-223344, fixed price' }),
    });
    expect(edited.body.data).toMatchObject({ status: 'pending', check: { signals: ['number_unconfirmed'] } });
    expect(await confirmed(seller)).toMatchObject({ published: 1, stillChecked: 0 });
    expect(await statusOf(held._id)).toBe('available');
  });

  it('rejected by an Admin: waits for the seller’s edit, and the number too', async () => {
    const [seller, admin, category] = [await signUp(ctx.app, 'Seller'), await createAdmin(ctx.app), await createCategory(ctx.app)];
    const held = await postProduct(ctx.app, seller, category.id, { description: 'Call 01711-223344' });
    await callRoute(ctx.app, 'rejectListing', { params: { id: held._id }, token: admin.token, body: { reason: 'Numbers go on the order' } });
    const fixed = await callRoute(ctx.app, 'editProduct', {
      params: { id: held._id },
      token: seller.token,
      body: productBody(category.id, held.img, { description: 'Ask through the site' }),
    });
    expect(fixed.body.data).toMatchObject({ status: 'pending', check: { state: 'waiting', signals: ['number_unconfirmed'] } });
    expect(await confirmed(seller)).toMatchObject({ published: 1 });
  });

  it('already live (posted before the rule): an edit does not hold it for the number', async () => {
    const [seller, category] = [await signUp(ctx.app, 'Seller'), await createCategory(ctx.app)];
    const listing = await postProduct(ctx.app, seller, category.id);
    // As it was before the rule: live, no check.
    await ctx.app.db.delete(listingChecks).where(eq(listingChecks.productId, listing._id));
    await ctx.app.db.update(products).set({ status: 'available' }).where(eq(products.id, listing._id));
    const edited = await callRoute(ctx.app, 'editProduct', {
      params: { id: listing._id },
      token: seller.token,
      body: productBody(category.id, listing.img, { resalePrice: 70_000 }),
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data.status).toBe('available');
    expect(edited.body.data.check).toBeUndefined();
    // Another signal still holds it, without the number.
    const mailed = await callRoute(ctx.app, 'editProduct', {
      params: { id: listing._id },
      token: seller.token,
      body: productBody(category.id, listing.img, { description: 'me@example.com' }),
    });
    expect(mailed.body.data.check.signals).toEqual(['contact_in_description']);
  });
});

describe('the bKash payout wallet confirmed by its code', () => {
  const wallet = async (seller: Actor, number: string) => {
    expect((await callRoute(ctx.app, 'setPayoutMethod', { token: seller.token, body: { kind: 'bkash', wallet: number } })).status).toBe(200);
    const res = await callRoute(ctx.app, 'confirmPayoutNumber', { token: seller.token, body: { code: await codeSentTo(number) } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

  it('is the seller’s confirmed number when they have none (their held listings go live), and changes none they have', async () => {
    const [seller, category] = [await signUp(ctx.app, 'Seller'), await createCategory(ctx.app)];
    const held = await postProduct(ctx.app, seller, category.id);
    const number = aNumber();
    await wallet(seller, number);
    expect((await me(seller)).confirmedNumber).toBe(number);
    expect(await statusOf(held._id)).toBe('available');

    const other = await signUp(ctx.app, 'Seller');
    const own = aNumber();
    await confirmed(other, own);
    await wallet(other, aNumber());
    expect((await me(other)).confirmedNumber).toBe(own);
    // The codes are the wallet's: the number's own code purpose is untouched.
    expect(await ctx.app.db.select({ purpose: phoneCodes.purpose }).from(phoneCodes).where(eq(phoneCodes.userId, seller._id))).toEqual([
      { purpose: 'payout-number' },
    ]);
  });

  it('is not the seller’s number when another account confirmed it: the wallet is confirmed all the same', async () => {
    const [first, second] = [await signUp(ctx.app, 'Seller'), await signUp(ctx.app, 'Seller')];
    const number = aNumber();
    await confirmed(first, number);
    await wallet(second, number);
    expect((await me(second)).confirmedNumber).toBeUndefined();
    expect((await callRoute(ctx.app, 'payoutMethod', { token: second.token })).body.data).toMatchObject({ confirmed: true });
  });
});

describe('one number, one account', () => {
  it('sends no code to a number another account confirmed, and a code sent before it was taken confirms nothing', async () => {
    const [first, second] = [await signUp(ctx.app, 'Seller'), await signUp(ctx.app, 'Seller')];
    const number = aNumber();
    // The second asks first; the first confirms it meanwhile.
    expect((await send(second, number)).status).toBe(202);
    const secondsCode = await codeSentTo(number);
    await confirmed(first, number);
    const before = await ctx.app.db.select({ n: sql<number>`count(*)::int` }).from(smsMessages);
    const asked = await send(second, number);
    expect(asked.status).toBe(409);
    expect(asked.body.code).toBe('number_taken');
    expect(await ctx.app.db.select({ n: sql<number>`count(*)::int` }).from(smsMessages)).toEqual(before);
    const late = await confirm(second, secondsCode);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('number_taken');
    expect((await me(second)).confirmedNumber).toBeUndefined();
    expect((await me(first)).confirmedNumber).toBe(number);
  });

  it('of two accounts confirming one number at once, one has it', async () => {
    const [first, second] = [await signUp(ctx.app, 'Seller'), await signUp(ctx.app, 'Seller')];
    const number = aNumber();
    const codes: string[] = [];
    for (const who of [first, second]) {
      expect((await send(who, number)).status).toBe(202);
      codes.push(await codeSentTo(number));
    }
    const answers = await Promise.all([confirm(first, codes[0]!), confirm(second, codes[1]!)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const owners = await ctx.app.db.select({ id: users.id }).from(users).where(eq(users.phone, number));
    expect(owners).toHaveLength(1);
  });
});

describe('the public pages', () => {
  it('say whether the seller’s number is verified, never the number', async () => {
    const seller = await signUp(ctx.app, 'Seller');
    expect((await callRoute(ctx.app, 'sellerProfile', { params: { id: seller._id } })).body.data.numberVerified).toBe(false);
    const { confirmedNumber } = await confirmed(seller);
    const profile = await callRoute(ctx.app, 'sellerProfile', { params: { id: seller._id } });
    expect(profile.body.data.numberVerified).toBe(true);
    expect(JSON.stringify(profile.body)).not.toContain(confirmedNumber);
  });
});
