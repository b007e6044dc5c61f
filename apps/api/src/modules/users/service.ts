import type { PageQuery } from '@market/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders, products, users } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import { after, newestFirst, paged } from '../../pagination.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { removableOrder } from '../orders/history.ts';
import { notify } from '../notifications/service.ts';
import { recordAdminAct } from '../audit/service.ts';

const keys = { table: users, id: users.id, createdAt: users.createdAt };

export async function listByRole(db: Db, role: 'Buyer' | 'Seller', query: PageQuery) {
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.role, role), after(keys, query.cursor)))
    .orderBy(...newestFirst(keys))
    .limit(query.limit + 1);
  return paged(rows, query, (r) => r.id);
}

/** Marks a seller verified; the first time is an act of `admin`, written to the audit log with it. */
export async function verifySeller(db: Db, id: string, admin: AuthUser) {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, id)).limit(1).for('update');
    if (!user) throw notFound('User');
    if (user.role !== 'Seller') throw badRequest('only_seller_verified');
    if (user.sellerVerified) return user;
    const [updated] = await tx.update(users).set({ sellerVerified: true }).where(eq(users.id, id)).returning();
    await recordAdminAct(tx, admin, { action: 'verify-seller', target: { kind: 'user', id, label: `${user.name} <${user.email}>` } });
    return updated!;
  });
}

/**
 * Suspends a seller (issue 16), in one transaction with its audit entry: every session ends (the version is
 * raised), signing in is refused, and the seller's phones leave every public page and search (the trigger
 * users_suspension_search_changed tells the search index). `reinstateSeller` undoes it.
 */
export async function suspendSeller(db: Db, id: string, admin: AuthUser, reason: string) {
  return db.transaction(async (tx) => {
    const user = await sellerToModerate(tx, id);
    if (user.suspendedAt) throw conflict('seller_already_suspended');
    const [updated] = await tx
      .update(users)
      .set({ suspendedAt: new Date(), sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, id))
      .returning();
    await recordAdminAct(tx, admin, { action: 'suspend-seller', target: { kind: 'user', id, label: `${user.name} <${user.email}>` }, reason });
    // Told by e-mail too (issue 31, item 6): signed out, the seller learns why their phones are gone.
    await notify(tx, 'listings_suspended', [{ userId: id, productName: '' }]);
    return updated!;
  });
}

export async function reinstateSeller(db: Db, id: string, admin: AuthUser, reason: string) {
  return db.transaction(async (tx) => {
    const user = await sellerToModerate(tx, id);
    if (!user.suspendedAt) throw conflict('seller_not_suspended');
    const [updated] = await tx.update(users).set({ suspendedAt: null }).where(eq(users.id, id)).returning();
    await recordAdminAct(tx, admin, { action: 'reinstate-seller', target: { kind: 'user', id, label: `${user.name} <${user.email}>` }, reason });
    await notify(tx, 'listings_reinstated', [{ userId: id, productName: '' }]);
    return updated!;
  });
}

/** The seller `id`, locked for the change: 404 for nobody, 400 for a buyer or an Admin. */
async function sellerToModerate(db: Db, id: string) {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1).for('update');
  if (!user) throw notFound('User');
  if (user.role !== 'Seller') throw badRequest('only_seller_suspended');
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
