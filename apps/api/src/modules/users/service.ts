import type { UserListQuery } from '@market/contract';
import { and, eq, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders, payoutMethods, products, reports, users } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import { after, newestFirst, paged } from '../../pagination.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { removableOrder } from '../orders/history.ts';
import { notify } from '../notifications/service.ts';
import { recordAdminAct } from '../audit/service.ts';
import { escapeLike } from '../products/word-meanings.ts';

const keys = { table: users, id: users.id, createdAt: users.createdAt };

/**
 * The accounts of `role` whose name or e-mail contains `q` (issue 35, item 17): any case, `%` and `_` as themselves,
 * and Bangla however its letters were typed (য় as one letter or as য and a dot: both sides in the NFC form).
 */
function named(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = `%${escapeLike(q.normalize('NFC'))}%`;
  return or(sql`normalize(${users.name}, NFC) ilike ${pattern}`, ilike(users.email, pattern));
}

const ofRole = (role: 'Buyer' | 'Seller', query: UserListQuery) => and(eq(users.role, role), named(query.q), after(keys, query.cursor));

export async function listBuyers(db: Db, query: UserListQuery) {
  const rows = await db
    .select()
    .from(users)
    .where(ofRole('Buyer', query))
    .orderBy(...newestFirst(keys))
    .limit(query.limit + 1);
  return paged(rows, query, (r) => r.id);
}

/**
 * A page of sellers with what a verification is judged by (issue 35, item 15), in one statement: the page's ids
 * first (users_role_idx, in order, as any page), then each of those rows with its counts from lateral subqueries on
 * the seller's own indexes — products_seller_status_idx, orders_seller_idx, reports by product — and its confirmed
 * bKash number. So only the page's sellers are counted, however many a search matches: on PostgreSQL with 20,000
 * sellers, 200,000 phones, 100,000 deals and 30,000 reports a page takes 2–5 ms (EXPLAIN ANALYZE). A search that
 * matches few reads every account (no index serves `%…%`: 80–220 ms over 70,000 accounts).
 */
export async function listSellers(db: Db, query: UserListQuery) {
  const page = db
    .select({ id: users.id })
    .from(users)
    .where(ofRole('Seller', query))
    .orderBy(...newestFirst(keys))
    .limit(query.limit + 1);
  const listings = db
    .select({
      all: sql<number>`count(*)::int`.as('all_listings'),
      live: sql<number>`(count(*) filter (where ${products.status} = 'available'))::int`.as('live_listings'),
    })
    .from(products)
    .where(eq(products.sellerId, users.id))
    .as('listings');
  const sales = db
    .select({ completed: sql<number>`count(*)::int`.as('completed') })
    .from(orders)
    .where(and(eq(orders.sellerId, users.id), eq(orders.state, 'completed')))
    .as('sales');
  const reported = db
    .select({ reports: sql<number>`count(*)::int`.as('reports') })
    .from(reports)
    .innerJoin(products, eq(products.id, reports.productId))
    .where(eq(products.sellerId, users.id))
    .as('reported');
  const rows = await db
    .select({
      user: users,
      listings: listings.all,
      liveListings: listings.live,
      completedSales: sales.completed,
      reports: reported.reports,
      numberConfirmed: sql<boolean>`${payoutMethods.userId} is not null`,
    })
    .from(users)
    .leftJoinLateral(listings, sql`true`)
    .leftJoinLateral(sales, sql`true`)
    .leftJoinLateral(reported, sql`true`)
    // A bKash wallet is confirmed by its SMS code (payouts/method.ts); a bank account has no number to confirm.
    .leftJoin(payoutMethods, and(eq(payoutMethods.userId, users.id), eq(payoutMethods.kind, 'bkash'), isNotNull(payoutMethods.confirmedAt)))
    .where(inArray(users.id, page))
    .orderBy(...newestFirst(keys));
  return paged(rows, query, (r) => r.user.id);
}

/** Marks a seller verified, with the reason (issue 35, item 15); the first time is an act of `admin`, audited, and the seller is told (a notification and its mail). */
export async function verifySeller(db: Db, id: string, admin: AuthUser, reason: string) {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, id)).limit(1).for('update');
    if (!user) throw notFound('User');
    if (user.role !== 'Seller') throw badRequest('only_seller_verified');
    if (user.sellerVerified) return user;
    const [updated] = await tx.update(users).set({ sellerVerified: true }).where(eq(users.id, id)).returning();
    await recordAdminAct(tx, admin, { action: 'verify-seller', target: { kind: 'user', id, label: `${user.name} <${user.email}>` }, reason });
    // In the bell, and by mail to an address the seller proved theirs (notifications/mail.ts). The reason is the Admin's note, for the log.
    await notify(tx as unknown as Db, 'seller_verified', [{ userId: id, productName: '' }]);
    return updated!;
  });
}

/**
 * What suspending means for each role, and its words: no session and no sign-in for either (plugins/auth.ts and
 * auth/session.ts refuse a suspended account), so a buyer books nothing; a seller's phones also leave every public
 * page and search (the trigger users_suspension_search_changed tells the search index).
 */
const moderated = {
  Seller: {
    suspend: 'suspend-seller',
    reinstate: 'reinstate-seller',
    wrongRole: 'only_seller_suspended',
    already: 'seller_already_suspended',
    not: 'seller_not_suspended',
  },
  Buyer: {
    suspend: 'suspend-buyer',
    reinstate: 'reinstate-buyer',
    wrongRole: 'only_buyer_suspended',
    already: 'buyer_already_suspended',
    not: 'buyer_not_suspended',
  },
} as const;
type Moderated = keyof typeof moderated;

/**
 * Suspends a seller (issue 16) or a buyer (issue 35, item 17), in one transaction with its audit entry: every
 * session ends (the version is raised) and signing in is refused; the person is told (by e-mail too: signed out,
 * they learn why). `reinstate` undoes it.
 */
export async function suspend(db: Db, role: Moderated, id: string, admin: AuthUser, reason: string) {
  const words = moderated[role];
  return db.transaction(async (tx) => {
    const user = await toModerate(tx, role, id);
    if (user.suspendedAt) throw conflict(words.already);
    const [updated] = await tx
      .update(users)
      .set({ suspendedAt: new Date(), sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, id))
      .returning();
    await recordAdminAct(tx, admin, { action: words.suspend, target: { kind: 'user', id, label: `${user.name} <${user.email}>` }, reason });
    await notify(tx, 'listings_suspended', [{ userId: id, productName: '' }]);
    return updated!;
  });
}

export async function reinstate(db: Db, role: Moderated, id: string, admin: AuthUser, reason: string) {
  const words = moderated[role];
  return db.transaction(async (tx) => {
    const user = await toModerate(tx, role, id);
    if (!user.suspendedAt) throw conflict(words.not);
    const [updated] = await tx.update(users).set({ suspendedAt: null }).where(eq(users.id, id)).returning();
    await recordAdminAct(tx, admin, { action: words.reinstate, target: { kind: 'user', id, label: `${user.name} <${user.email}>` }, reason });
    await notify(tx, 'listings_reinstated', [{ userId: id, productName: '' }]);
    return updated!;
  });
}

/** The account `id` of `role`, locked for the change: 404 for nobody, 400 for an account of another role. */
async function toModerate(db: Db, role: Moderated, id: string) {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1).for('update');
  if (!user) throw notFound('User');
  if (user.role !== role) throw badRequest(moderated[role].wrongRole);
  return user;
}

/**
 * Removes a buyer or seller. A seller's products go (and the open bookings on them);
 * a buyer's unpaid orders go. Paid orders and payment records stay as history.
 */
export async function deleteUser(db: Db, id: string, admin: AuthUser) {
  await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, id)).limit(1).for('update');
    if (!user) throw notFound('User');
    if (user.role === 'Admin') throw forbidden('admin_cannot_be_deleted');
    await recordAdminAct(tx, admin, { action: 'delete-user', target: { kind: 'user', id, label: `${user.name} <${user.email}> (${user.role})` } });
    const owned = tx.select({ id: products.id }).from(products).where(eq(products.sellerId, id));
    await tx.delete(orders).where(and(removableOrder, inArray(orders.productId, owned)));
    await tx.delete(orders).where(and(removableOrder, eq(orders.buyerId, id)));
    await tx.delete(users).where(eq(users.id, id));
  });
}
