import { maxSavedPhones, type PageQuery, type SavedPhone } from '@market/contract';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { favourites, products, users } from '../../db/schema.ts';
import { conflict, forbidden, isUniqueViolation } from '../../errors.ts';
import { after, newestFirst, paged } from '../../pagination.ts';
import { getProduct, loadPublicProducts, sellerNotSuspended } from '../products/service.ts';
import { toProduct } from '../products/dto.ts';

const keys = { table: favourites, id: favourites.id, createdAt: favourites.createdAt };

/**
 * Saves a phone for a person: one for sale that anyone may see (a hidden, removed or suspended seller's phone is
 * not found; a sold one is a 409), never their own. Saved already is the same answer, whatever the phone is now.
 * The person's row is locked while they are counted, so two saves at once cannot pass the limit together.
 */
export async function save(db: Db, userId: string, productId: string) {
  const [known] = await db
    .select({ id: favourites.id })
    .from(favourites)
    .where(and(eq(favourites.userId, userId), eq(favourites.productId, productId)));
  if (known) return { productId, saved: true };
  const phone = await getProduct(db, productId);
  if (phone.sellerId._id === userId) throw forbidden('own_phone_save');
  if (phone.status === 'sold') throw conflict('product_sold');
  if (phone.status === 'expired') throw conflict('listing_expired');
  try {
    await db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
      const [kept] = await tx.select({ n: count() }).from(favourites).where(eq(favourites.userId, userId));
      if ((kept?.n ?? 0) >= maxSavedPhones) throw conflict('too_many_saved', { max: maxSavedPhones });
      await tx.insert(favourites).values({ userId, productId: phone._id, productName: phone.productName });
    });
  } catch (err) {
    // Saved by another request of theirs meanwhile: saved all the same.
    if (!isUniqueViolation(err, 'favourites_user_product_key')) throw err;
  }
  return { productId, saved: true };
}

/** Removes a phone from a person's saved ones; one they never saved (or any id) is the same answer. */
export async function unsave(db: Db, userId: string, productId: string) {
  await db.delete(favourites).where(and(eq(favourites.userId, userId), eq(favourites.productId, productId)));
  return { productId, saved: false };
}

/** The ids of a person's saved phones, the latest saved first (at most maxSavedPhones). */
export async function savedIds(db: Db, userId: string) {
  const rows = await db
    .select({ productId: favourites.productId })
    .from(favourites)
    .where(eq(favourites.userId, userId))
    .orderBy(desc(favourites.createdAt), desc(favourites.id));
  return { ids: rows.map((r) => r.productId) };
}

/**
 * A person's saved phones, the latest saved first, a page at a time: each as the cards show it while anyone may see
 * it, else marked sold (a sold listing its seller hid) or removed (deleted, or its seller suspended).
 */
export async function savedPhones(db: Db, userId: string, query: PageQuery) {
  const rows = await db
    .select({
      id: favourites.id,
      productId: favourites.productId,
      savedName: favourites.productName,
      createdAt: favourites.createdAt,
      status: products.status,
      suspended: sql<boolean>`not ${sellerNotSuspended}`,
    })
    .from(favourites)
    .leftJoin(products, eq(products.id, favourites.productId))
    .where(and(eq(favourites.userId, userId), after(keys, query.cursor)))
    .orderBy(...newestFirst(keys))
    .limit(query.limit + 1);
  const { items, nextCursor } = paged(rows, query, (r) => r.id);
  const shown = items.length
    ? await loadPublicProducts(
        db,
        items.map((r) => r.productId),
      )
    : new Map();
  return {
    items: items.map((r): SavedPhone => {
      const row = shown.get(r.productId);
      const product = row ? toProduct(row) : null;
      // A phone waiting for a check (issue 36) is off the site as a removed one is, until it is approved.
      const state = r.status === null || r.status === 'pending' || (r.suspended && r.status !== 'sold') ? 'removed' : r.status;
      return { _id: r.id, productId: r.productId, productName: product?.productName ?? r.savedName, state, savedAt: r.createdAt.toISOString(), product };
    }),
    nextCursor,
  };
}
