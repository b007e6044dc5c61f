import type { NotificationParams } from '@market/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { favourites, products } from '../../db/schema.ts';
import { notify } from '../notifications/service.ts';

/* What the listings and the deals ask of the saved phones (apart from the favourites' own service, which reads the products). */

/**
 * Tells the people who saved a phone (issue 34) in the caller's transaction, through `notify` (the bell, the mail
 * of its kind unless switched off, push): its price went down, or it was sold. Its seller and `except` (the buyer
 * it was sold to) are not told.
 */
export async function tellSavers(
  db: Db,
  kind: 'saved_price_drop' | 'saved_sold',
  phone: { id: string; name: string; sellerId: string },
  opts: { params?: NotificationParams; except?: string | null } = {},
) {
  const savers = await db
    .select({ userId: favourites.userId })
    .from(favourites)
    .where(and(eq(favourites.productId, phone.id), ne(favourites.userId, phone.sellerId), opts.except ? ne(favourites.userId, opts.except) : undefined));
  await notify(
    db,
    kind,
    savers.map((s) => ({ userId: s.userId, productName: phone.name, params: opts.params ?? null })),
  );
}

/** How many people saved each phone, for the lists its seller and Admins read (a subquery per row of the page). */
export const savesOf = sql<number>`(select count(*)::int from ${favourites} where ${favourites.productId} = ${products.id})`;
