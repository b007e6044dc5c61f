import { randomBytes, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { luhnDigit } from '@market/contract';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { categories, orders, outbox, payments, products, uploads, users } from '../src/db/schema.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { holdPayment } from '../src/modules/ledger/postings.ts';
import { paymentOf } from '../src/modules/payments/service.ts';
import { move, site } from '../src/modules/orders/process.ts';
import { callRoute } from './call-route.ts';

export interface Actor {
  _id: string;
  email: string;
  name: string;
  role: 'Admin' | 'Seller' | 'Buyer';
  userImg: string;
  emailVerified: boolean;
  language: 'en' | 'bn';
  token: string;
}

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

/**
 * A picture as if uploaded through POST /api/images (the row that makes it ours; no file, which
 * nothing here reads), by `by` (a listing takes only its seller's uploads) or signed out (a sign-up's avatar).
 * The images tests upload real ones.
 */
export async function uploadedPicture(app: FastifyInstance, by?: { _id: string }): Promise<string> {
  const name = `${randomUUID()}.webp`;
  await app.db.insert(uploads).values({ name, bytes: 1000, uploadedBy: by?._id ?? null });
  return `/uploads/${name}`;
}

/** A camera-like picture of its own (noise: its perceptual hash is like no other's), as a seller's phone would send it. */
export const cameraPhoto = (seed = randomBytes(64 * 48 * 3)) =>
  sharp(seed, { raw: { width: 64, height: 48, channels: 3 } })
    .resize(640, 480, { kernel: 'nearest' })
    .jpeg({ quality: 90 })
    .toBuffer();

/** Uploads a picture through POST /api/images as `by` (stored, hashed, its row made), and answers its address. */
export async function uploadPhoto(app: FastifyInstance, by: { token: string }, data: Buffer, type = 'image/jpeg'): Promise<string> {
  const boundary = `----market${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="p"\r\nContent-Type: ${type}\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await callRoute(app, 'uploadImage', { body: payload, token: by.token, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
  if (res.status !== 201) throw new Error(`upload failed: ${JSON.stringify(res.body)}`);
  return (res.body.data as { url: string }).url;
}

/** The newest mail of `kind` to `to` in the outbox. */
export async function lastMail(app: FastifyInstance, to: string, kind: string) {
  const [mail] = await app.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.toAddress, to), eq(outbox.kind, kind)))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  if (!mail) throw new Error(`no ${kind} mail to ${to}`);
  return mail;
}

/** The code of the one-time link in the newest mail of `kind` to `to`. */
export async function linkToken(app: FastifyInstance, to: string, kind: 'verify-email' | 'reset-password') {
  const mail = await lastMail(app, to, kind);
  const token = /[?&]token=([\w-]{43})/.exec(mail.textBody ?? '')?.[1];
  if (!token) throw new Error(`no link in the ${kind} mail: ${mail.textBody}`);
  return token;
}

export const PASSWORD = 'secret1';

/**
 * A signed-up Buyer or Seller through the real routes: sign-up, the verification link from
 * the outbox (unless `verified: false`), then log in.
 */
export async function signUp(app: FastifyInstance, role: 'Buyer' | 'Seller', name = `${role} ${unique()}`, opts: { verified?: boolean } = {}): Promise<Actor> {
  const email = `${role.toLowerCase()}-${unique()}@example.com`;
  const res = await callRoute(app, 'signUp', { body: { name, email, password: PASSWORD, role, userImg: await uploadedPicture(app) } });
  if (res.status !== 202) throw new Error(`sign-up failed: ${JSON.stringify(res.body)}`);
  if (opts.verified !== false) {
    const verified = await callRoute(app, 'verifyEmail', { body: { token: await linkToken(app, email, 'verify-email') } });
    if (verified.status !== 200) throw new Error(`verification failed: ${JSON.stringify(verified.body)}`);
  }
  return logIn(app, email, PASSWORD);
}

export async function logIn(app: FastifyInstance, email: string, password: string): Promise<Actor> {
  const res = await callRoute(app, 'logIn', { body: { email, password } });
  if (res.status !== 200) throw new Error(`login failed: ${JSON.stringify(res.body)}`);
  return { ...res.body.data.user, token: res.body.data.token };
}

/** Admins cannot sign up; one is written to the database, then logs in. */
export async function createAdmin(app: FastifyInstance): Promise<Actor> {
  const email = `admin-${unique()}@example.com`;
  await app.db
    .insert(users)
    .values({ providerId: `local:${email}`, name: 'Admin', email, passwordHash: await hashPassword('admin1'), role: 'Admin', emailVerifiedAt: new Date() });
  return logIn(app, email, 'admin1');
}

export async function createCategory(app: FastifyInstance, name = `Brand ${unique()}`) {
  const [row] = await app.db.insert(categories).values({ name, logo: '/uploads/logo.svg' }).returning();
  return row!;
}

/** A valid new-product body; `img` must be an upload (`await uploadedPicture(app)`) unless the test means otherwise. */
/** A valid IMEI no other test phone has (random: test files may share a database). */
export function newImei(): string {
  const first14 = '35' + String(Math.floor(Math.random() * 1e12)).padStart(12, '0');
  return first14 + luhnDigit(first14);
}

export const productBody = (categoryId: string, img: string, overrides: Record<string, unknown> = {}) => ({
  img,
  phoneNumber: '01712-345678',
  location: 'Dhanmondi, Dhaka',
  purchase: '2023-05-10',
  originalPrice: 120000,
  resalePrice: 80000,
  productName: 'iPhone 13',
  useYears: 1.5,
  categoryId,
  condition: 'Good',
  description: 'Battery health 88%, no scratches, box included.',
  storageGb: 128,
  batteryHealth: 88,
  imei: newImei(),
  ...overrides,
});

export async function postProduct(app: FastifyInstance, seller: Actor, categoryId: string, overrides: Record<string, unknown> = {}) {
  const res = await callRoute(app, 'addProduct', { token: seller.token, body: productBody(categoryId, await uploadedPicture(app, seller), overrides) });
  if (res.status !== 201) throw new Error(`post product failed: ${JSON.stringify(res.body)}`);
  return res.body.data as { _id: string; productName: string; resalePrice: number; img: string };
}

export async function book(app: FastifyInstance, buyer: Actor, productId: string) {
  const res = await callRoute(app, 'book', { token: buyer.token, body: { productId, meetingLocation: 'Bashundhara City', mobileNumber: '01911-222333' } });
  if (res.status !== 201) throw new Error(`booking failed: ${JSON.stringify(res.body)}`);
  return res.body.data as { _id: string; paid: boolean; sellerPhone: string | null };
}

export async function userExists(app: FastifyInstance, id: string) {
  return (await app.db.select().from(users).where(eq(users.id, id))).length === 1;
}

/**
 * Pays a deal as a settled payment does (the deal moves to paid, its phone is reserved for the buyer), with its
 * payment record unless `payment` is false; with `sold`, the deal is then handed over and completed (issue 31: the
 * phone is sold at the handover, its other open bookings close), as a finished sale.
 */
export async function markPaid(app: FastifyInstance, orderId: string, { payment = true, sold = false } = {}) {
  const [booked] = await app.db.select().from(orders).where(eq(orders.id, orderId));
  await app.db.transaction(async (tx) => {
    const t = tx as unknown as typeof app.db;
    const transactionId = `pi_test_${orderId.slice(0, 8)}`;
    if (payment) await t.insert(payments).values(paymentOf(booked!, transactionId));
    await move(t, 'pay', eq(orders.id, orderId), { role: 'buyer', id: booked?.buyerId ?? null });
    // Held in the books, as a settlement holds it.
    if (payment) await holdPayment(t, { orderId, sellerId: booked!.sellerId, provider: 'sandbox', transactionId, amount: booked!.productPrice * 100 });
  });
  if (sold) await handOverAndComplete(app, orderId);
  const [order] = await app.db.select().from(orders).where(eq(orders.id, orderId));
  return order!;
}

/** Hands a deal over (the phone sold, its other open bookings closed) and completes it, as the handover does. */
export async function handOverAndComplete(app: FastifyInstance, orderId: string) {
  const [order] = await app.db.select().from(orders).where(eq(orders.id, orderId));
  await app.db.transaction(async (tx) => {
    const t = tx as unknown as typeof app.db;
    await move(t, 'hand_over', eq(orders.id, orderId), { role: 'seller', id: order!.sellerId });
    if (order!.productId) await move(t, 'close', and(eq(orders.productId, order!.productId), ne(orders.id, orderId))!, site);
    await move(t, 'complete', eq(orders.id, orderId), site);
  });
}

/** Marks a phone sold as its seller does (its open bookings close); one sold already stays as it is. */
export async function markSold(app: FastifyInstance, productId: string) {
  await app.db.transaction(async (tx) => {
    await tx.update(products).set({ status: 'sold', heldBy: null }).where(eq(products.id, productId));
    await move(tx as unknown as typeof app.db, 'close', eq(orders.productId, productId), site);
  });
}

export async function orderExists(app: FastifyInstance, id: string) {
  return (await app.db.select().from(orders).where(eq(orders.id, id))).length === 1;
}
