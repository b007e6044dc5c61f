import { cp, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { count, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { isDeadlock } from '../errors.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { paymentOf } from '../modules/payments/service.ts';
import type { Db } from './client.ts';
import { demoAccounts } from './demo-accounts.ts';
import * as schema from './schema.ts';
import {
  categories,
  phoneModels,
  favourites,
  jobs,
  notifications,
  orderEvents,
  orders,
  payments,
  products,
  reports,
  reviews,
  sandboxIntents,
  users,
} from './schema.ts';
import { bookedEvent } from '../modules/orders/process.ts';
import { CURRENCY, toPoisha } from '../modules/payments/provider.ts';
import { addDays, dhakaToday, feeOf, luhnDigit, modelIn, type DealState } from '@market/contract';
import { DEFAULT_FEES } from '../config.ts';
import { completeDeals, holdPayment } from '../modules/ledger/postings.ts';
import { otherViewsOf, seedCategories, seedProducts, seedSpecs } from './seed-data.ts';
import { makePrivate } from '../private-files.ts';
import { loadShippedModels } from '../modules/phone-models/catalogue.ts';
import { seedPastSales } from './seed-sales.ts';

const assets = join(import.meta.dirname, 'seed-assets');
const DAY = 86_400_000;

/** A made-up but well-formed IMEI per demo phone (15 digits, valid check digit, all different). */
const demoImei = (i: number) => {
  const first14 = `3520990017${String(6100 + i).padStart(4, '0')}`;
  return first14 + luhnDigit(first14);
};

export async function isEmpty(db: Db) {
  const [row] = await db.select({ n: count() }).from(users);
  return Number(row?.n ?? 0) === 0;
}

/** Every table schema.ts declares: resetDatabase empties them all, so a new one is never forgotten. */
export const tables = Object.values<unknown>(schema).filter((value): value is PgTable => is(value, PgTable));

/**
 * Empties every table. The truncate locks the tables one by one, so a query of a running app's background work
 * (search index refresh, job or mail worker) that reads two of them can deadlock with it: PostgreSQL then aborts
 * one of the two, and when that is the truncate it is simply tried again.
 */
export async function resetDatabase(db: Db) {
  for (let attempt = 1; ; attempt++) {
    try {
      await db.execute(sql`truncate table ${sql.join(tables, sql`, `)} cascade`);
      return;
    } catch (error) {
      if (attempt >= 5 || !isDeadlock(error)) throw error;
    }
  }
}

/** Initials on a coloured disc: demo avatars that need no stock photos. */
function avatarSvg(name: string, colour: string) {
  const initials = name
    .split(/\s+/)
    .map((w) => w[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128"><circle cx="64" cy="64" r="64" fill="${colour}"/><text x="64" y="78" font-family="DejaVu Sans, Arial, sans-serif" font-size="44" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
}

/** `phone`: the demo sellers' mobile numbers, confirmed (issue 36), so their listings are on sale and say "Number verified". */
const people = [
  { ...demoAccounts[0], key: 'admin', colour: '#7c3aed', verified: false, phone: null },
  { ...demoAccounts[1], key: 'main', colour: '#0f766e', verified: true, phone: '01711000101' },
  { ...demoAccounts[2], key: 'buyer', colour: '#c2410c', verified: false, phone: null },
  {
    role: 'Seller',
    email: 'rafiq.mobiles@resale.demo',
    password: null,
    name: 'Rafiq Mobile House',
    key: 'second',
    colour: '#1d4ed8',
    verified: false,
    phone: '01811000102',
  },
  { role: 'Buyer', email: 'farhan@resale.demo', password: null, name: 'Farhan Ahmed', key: 'buyer2', colour: '#be185d', verified: false, phone: null },
] as const;

/**
 * The brand categories with their logos, and the model catalogue (issue 34): every installation needs them, demo or
 * not. Run at every start: a brand or a model this release ships that the database lacks is added, nothing is changed.
 */
export async function seedCatalogue(db: Db, uploadsDir: string) {
  await cp(join(assets, 'logos'), join(uploadsDir, 'seed', 'logos'), { recursive: true });
  makePrivate(join(uploadsDir, 'seed')); // copies keep the modes of the repository's files
  await db
    .insert(categories)
    .values(seedCategories.map((c, position) => ({ name: c.name, logo: `/uploads/seed/logos/${c.logo}`, position })))
    .onConflictDoNothing();
  await loadShippedModels(db);
}

/** Fills an empty database with everything every screen needs to show real data. */
export async function seed(db: Db, uploadsDir: string) {
  await seedCatalogue(db, uploadsDir);
  await seedDemo(db, uploadsDir);
}

/** Demo accounts, products, orders and payments (only while DEMO is on). */
export async function seedDemo(db: Db, uploadsDir: string) {
  const seedDir = join(uploadsDir, 'seed');
  await mkdir(join(seedDir, 'avatars'), { recursive: true });
  await cp(join(assets, 'products'), join(seedDir, 'products'), { recursive: true });
  makePrivate(seedDir); // copies keep the modes of the repository's files

  const userIds = new Map<string, string>();
  for (const person of people) {
    const avatar = `avatars/${person.key}.svg`;
    await writeFile(join(seedDir, avatar), avatarSvg(person.name, person.colour));
    const [row] = await db
      .insert(users)
      .values({
        providerId: `local:seed-${person.key}`,
        name: person.name,
        email: person.email,
        passwordHash: person.password ? await hashPassword(person.password) : null,
        role: person.role,
        sellerVerified: person.verified,
        userImg: `/uploads/seed/${avatar}`,
        // The demo people have confirmed their addresses, so every screen can be tried at once.
        emailVerifiedAt: new Date(),
        phone: person.phone,
        phoneConfirmedAt: person.phone ? new Date() : null,
      })
      .returning({ id: users.id });
    userIds.set(person.key, row!.id);
  }

  const categoryRows = await db.select({ id: categories.id, name: categories.name }).from(categories);
  const categoryId = new Map(categoryRows.map((c) => [c.name, c.id]));
  // Each demo phone is of the catalogue's model its name names, as the listing form's pick would make it.
  const models = await db
    .select({ id: phoneModels.id, categoryId: phoneModels.categoryId, name: phoneModels.name, aliases: phoneModels.aliases })
    .from(phoneModels);
  const modelOf = (name: string, brand: string | undefined) =>
    modelIn(
      name,
      models.filter((m) => m.categoryId === brand),
    )?.id ?? null;
  const now = Date.now();
  const productRows = await db
    .insert(products)
    .values(
      seedProducts.map((p, i) => ({
        sellerId: userIds.get(p.seller)!,
        categoryId: categoryId.get(p.category)!,
        productName: p.productName,
        phoneModelId: modelOf(p.productName, categoryId.get(p.category)),
        img: `/uploads/seed/products/${p.img}`,
        images: [p.img, ...otherViewsOf(p.img)].map((file) => ({ url: `/uploads/seed/products/${file}`, widths: [] })),
        phoneNumber: p.phoneNumber,
        location: p.location,
        district: p.district,
        purchase: p.purchase,
        originalPrice: p.originalPrice,
        resalePrice: p.resalePrice,
        useYears: p.useYears,
        condition: p.condition,
        description: p.description,
        advertise: p.advertise,
        report: p.report,
        ...seedSpecs[p.productName],
        imei: demoImei(i),
        createdAt: new Date(now - p.daysAgo * DAY - ((i * 3671) % 40_000) * 1000),
      })),
    )
    .returning();

  // Bookings: some completed (paid protected and handed over: their product is sold), one accepted to be paid in cash
  // at a meeting tomorrow (its phone reserved: the demo buyer has a handover code to show), some open.
  // The reported phone's report, with its reason, from the demo buyer: the Admin's queue has something to act on.
  for (const p of productRows.filter((row) => row.report)) {
    await db.insert(reports).values({
      productId: p.id,
      reporterId: userIds.get('buyer')!,
      reason: 'fake',
      text: 'The photos look like a shop’s pictures, not this phone.',
    });
  }

  const plain = productRows.filter((p) => !p.advertise && !p.report);
  const booking = (key: 'buyer' | 'buyer2', product: (typeof productRows)[number], kind: 'completed' | 'cash' | 'open', daysAgo: number) => {
    const person = people.find((p) => p.key === key)!;
    return {
      productId: product.id,
      buyerId: userIds.get(key)!,
      sellerId: product.sellerId,
      productName: product.productName,
      productPrice: product.resalePrice,
      productImg: product.img,
      buyerName: person.name,
      buyerEmail: person.email,
      ...[
        { meetingLocation: 'Bashundhara City, Panthapath', meetingDistrict: 'dhaka' },
        { meetingLocation: 'Jamuna Future Park, Kuril', meetingDistrict: 'dhaka' },
        { meetingLocation: 'GEC Circle', meetingDistrict: 'chattogram' },
      ][daysAgo % 3]!,
      mobileNumber: key === 'buyer' ? '01711-000111' : '01911-000222',
      state: kind === 'completed' ? ('completed' as const) : kind === 'cash' ? ('accepted' as const) : ('requested' as const),
      payWith: kind === 'cash' ? ('cash' as const) : ('protected' as const),
      fee: kind === 'cash' ? 0 : feeOf(product.resalePrice, DEFAULT_FEES),
      meetingDate: kind === 'cash' ? addDays(dhakaToday(now), 1) : addDays(dhakaToday(now - daysAgo * DAY), 1),
      acceptedAt: kind === 'open' ? null : new Date(now - daysAgo * DAY),
      createdAt: new Date(now - daysAgo * DAY),
    };
  };
  const [first, second] = [plain[0]!, plain[1]!];
  const orderRows = await db
    .insert(orders)
    .values([
      booking('buyer', first, 'completed', 9),
      booking('buyer', plain[2]!, 'open', 4),
      // The cash deal's phone (reserved until the meeting): not an Apple one, whose brand page shows every card it has.
      booking(
        'buyer',
        plain.find((p) => p.productName === 'Xiaomi 12T Pro')!,
        'cash',
        1,
      ),
      booking('buyer2', second, 'completed', 6),
      booking('buyer2', plain[2]!, 'open', 2),
    ])
    .returning();

  // The open bookings' answer timers (deal.ts `dealTimers`), three days from the seeding, not from their backdated
  // booking: a demo opened today shows its seller bookings to answer.
  const open = orderRows.filter((o) => o.state === 'requested');
  if (open.length > 0)
    await db.insert(jobs).values(open.map((o) => ({ kind: 'deal-timer', payload: { orderId: o.id, timer: 'answer' }, runAt: new Date(now + 3 * DAY) })));

  // Each deal's history (deal.ts): its booking; the acceptance; for the completed ones the payment, the handover
  // and the completion, an hour apart.
  const done = (o: (typeof orderRows)[number]) => o.state === 'completed';
  const HOUR = 3_600_000;
  const step = (o: (typeof orderRows)[number], transition: 'accept' | 'pay' | 'hand_over' | 'complete', from: DealState, to: DealState, hours: number) =>
    ({
      orderId: o.id,
      transition,
      fromState: from,
      toState: to,
      actorRole: transition === 'pay' ? 'buyer' : transition === 'complete' ? 'site' : 'seller',
      actorId: transition === 'pay' ? o.buyerId : transition === 'complete' ? null : o.sellerId,
      at: new Date(o.createdAt.getTime() + hours * HOUR),
    }) as const;
  await db
    .insert(orderEvents)
    .values(
      orderRows.flatMap((o) => [
        { ...bookedEvent(o.id, o.buyerId!), at: o.createdAt },
        ...(o.state === 'accepted' ? [step(o, 'accept', 'requested', 'accepted', 1)] : []),
        ...(done(o)
          ? [
              step(o, 'accept', 'requested', 'accepted', 1),
              step(o, 'pay', 'accepted', 'paid', 2),
              step(o, 'hand_over', 'paid', 'handed_over', 26),
              step(o, 'complete', 'handed_over', 'completed', 50),
            ]
          : []),
      ]),
    );
  // What the seller was told of them (deal.ts `tells`): each booking, each payment and completion; the older ones read.
  await db.insert(notifications).values(
    orderRows.flatMap((o) =>
      (done(o) ? (['book', 'pay', 'complete'] as const) : (['book'] as const)).map((kind) => ({
        userId: o.sellerId!,
        kind,
        orderId: o.id,
        productName: o.productName,
        createdAt: o.createdAt,
        readAt: o.createdAt.getTime() < now - 3 * DAY ? o.createdAt : null,
        // The demo's past is not mailed.
        mail: 'skipped' as const,
      })),
    ),
  );
  // The cash deal holds its phone until the meeting, and reminds both of it that morning (8:00 in Bangladesh).
  for (const order of orderRows.filter((o) => o.state === 'accepted')) {
    await db
      .update(products)
      .set({ status: 'reserved', heldBy: order.id })
      .where(sql`${products.id} = ${order.productId}`);
    await db.insert(jobs).values({ kind: 'deal-timer', payload: { orderId: order.id, timer: 'remind' }, runAt: new Date(`${order.meetingDate}T02:00:00Z`) });
  }
  for (const order of orderRows.filter(done)) {
    const intent = `pi_seed_${order.id.slice(0, 8)}`;
    await db.insert(payments).values({ ...paymentOf(order, intent), createdAt: order.createdAt });
    // The sandbox's side of the demo's payments, so an Admin can refund them as any other.
    await db.insert(sandboxIntents).values({
      id: intent,
      clientSecret: `${intent}_secret_seed`,
      amount: toPoisha(order.productPrice),
      currency: CURRENCY,
      orderId: order.id,
      status: 'succeeded',
      createdAt: order.createdAt,
    });
    await db
      .update(products)
      .set({ status: 'sold' })
      .where(sql`${products.id} = ${order.productId}`);
    // The books: the payment held, then the seller's, less the site's fee.
    await holdPayment(db, { orderId: order.id, sellerId: order.sellerId, provider: 'sandbox', transactionId: intent, amount: toPoisha(order.productPrice) });
    await completeDeals(db, [order.id]);
  }

  // Farhan reviewed his completed deal and the seller answered; the demo buyer's completed deal waits for a review.
  const reviewed = orderRows.find((o) => done(o) && o.buyerId === userIds.get('buyer2'))!;
  await db.insert(reviews).values({
    orderId: reviewed.id,
    sellerId: second.sellerId,
    reviewerId: reviewed.buyerId,
    reviewerName: reviewed.buyerName,
    productName: reviewed.productName,
    stars: 5,
    text: 'The phone was exactly as described, battery health and all. We met at the shop and he showed me the IMEI on the box.',
    answer: 'Thank you, Farhan! Enjoy the phone.',
    answeredAt: new Date(now - 4 * DAY),
    createdAt: new Date(now - 5 * DAY),
  });

  // Saved phones (issue 34): the demo buyer keeps two of the demo seller's advertised phones, Farhan one of them, so
  // Saved and My Products' count show something. Saved at today's prices: nobody has been told anything yet.
  const kept = productRows.filter((p) => p.advertise && !p.report && p.sellerId === userIds.get('main')).slice(0, 2);
  await db
    .insert(favourites)
    .values([
      ...kept.map((p, i) => ({ userId: userIds.get('buyer')!, productId: p.id, productName: p.productName, createdAt: new Date(now - (i + 1) * DAY) })),
      ...kept.slice(0, 1).map((p) => ({ userId: userIds.get('buyer2')!, productId: p.id, productName: p.productName, createdAt: new Date(now - 3 * DAY) })),
    ]);

  // A history of sales behind the price guide of four demo phones (issue 34).
  const party = (key: 'second' | 'buyer2') => {
    const person = people.find((p) => p.key === key)!;
    return { id: userIds.get(key)!, name: person.name, email: person.email };
  };
  await seedPastSales(db, productRows, party('second'), party('buyer2'), demoImei, now);
}
