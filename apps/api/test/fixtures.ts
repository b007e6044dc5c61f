import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { categories, orders, payments, products, users } from '../src/db/schema.ts';
import { hashPassword } from '../src/modules/auth/service.ts';
import { call } from './helper.ts';
import { paymentOf } from '../src/modules/payments/service.ts';

export interface Actor {
  _id: string;
  email: string;
  name: string;
  role: 'Admin' | 'Seller' | 'Buyer';
  token: string;
}

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

/** A signed-up Buyer or Seller, through the real sign-up route. */
export async function signUp(app: FastifyInstance, role: 'Buyer' | 'Seller', name = `${role} ${unique()}`): Promise<Actor> {
  const email = `${role.toLowerCase()}-${unique()}@example.com`;
  const res = await call(app, {
    method: 'POST',
    url: '/api/user',
    payload: { name, email, password: 'secret1', role, userImg: '/uploads/avatar.webp' },
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(res.body)}`);
  return { ...res.body.data.user, token: res.body.data.token };
}

/** Admins cannot sign up; one is written to the database, then logs in. */
export async function createAdmin(app: FastifyInstance): Promise<Actor> {
  const email = `admin-${unique()}@example.com`;
  await app.db.insert(users).values({ providerId: `local:${email}`, name: 'Admin', email, passwordHash: await hashPassword('admin1'), role: 'Admin' });
  const res = await call(app, { method: 'POST', url: '/api/login', payload: { email, password: 'admin1' } });
  return { ...res.body.data.user, token: res.body.data.token };
}

export async function createCategory(app: FastifyInstance, name = `Brand ${unique()}`) {
  const [row] = await app.db.insert(categories).values({ name, logo: '/uploads/logo.svg' }).returning();
  return row!;
}

export const productBody = (categoryId: string, overrides: Record<string, unknown> = {}) => ({
  img: '/uploads/phone.webp',
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
  ...overrides,
});

export async function postProduct(app: FastifyInstance, seller: Actor, categoryId: string, overrides: Record<string, unknown> = {}) {
  const res = await call(app, { method: 'POST', url: '/api/product', token: seller.token, payload: productBody(categoryId, overrides) });
  if (res.status !== 201) throw new Error(`post product failed: ${JSON.stringify(res.body)}`);
  return res.body.data as { _id: string; productName: string; resalePrice: number; img: string };
}

export async function book(app: FastifyInstance, buyer: Actor, productId: string) {
  const res = await call(app, {
    method: 'POST',
    url: '/api/order',
    token: buyer.token,
    payload: { productId, meetingLocation: 'Bashundhara City', mobileNumber: '01911-222333' },
  });
  if (res.status !== 201) throw new Error(`booking failed: ${JSON.stringify(res.body)}`);
  return res.body.data as { _id: string; paid: boolean };
}

export async function userExists(app: FastifyInstance, id: string) {
  return (await app.db.select().from(users).where(eq(users.id, id))).length === 1;
}

/** Marks an order paid (and its product sold), as the payment flow does; optionally records the payment. */
export async function markPaid(app: FastifyInstance, orderId: string, { payment = false, sold = false } = {}) {
  const [order] = await app.db.update(orders).set({ paid: true }).where(eq(orders.id, orderId)).returning();
  if (sold && order!.productId) await markSold(app, order!.productId);
  if (payment) {
    await app.db.insert(payments).values(paymentOf(order!, `pi_test_${orderId.slice(0, 8)}`));
  }
  return order!;
}

export async function markSold(app: FastifyInstance, productId: string) {
  await app.db.update(products).set({ status: 'sold' }).where(eq(products.id, productId));
}

export async function orderExists(app: FastifyInstance, id: string) {
  return (await app.db.select().from(orders).where(eq(orders.id, id))).length === 1;
}
