import { reviewEditDays, type AnswerBody, type EditReviewBody, type NewReviewBody, type PageQuery, type Review, type SellerProfile } from '@market/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders, products, reviews, users } from '../../db/schema.ts';
import { conflict, isUniqueViolation, notFound } from '../../errors.ts';
import { listOnSaleBySeller } from '../products/service.ts';
import { after, newestFirst, paged } from '../../pagination.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { notify } from '../notifications/service.ts';

/** A review's last day of changes: 30 days after it was written. */
export const editableUntil = (createdAt: Date) => new Date(createdAt.getTime() + reviewEditDays * 24 * 60 * 60 * 1000);

export const toReview = (r: typeof reviews.$inferSelect): Review => ({
  _id: r.id,
  stars: r.stars,
  text: r.text,
  reviewer: r.reviewerName,
  productName: r.productName,
  date: r.createdAt.toISOString(),
  edited: r.editedAt?.toISOString() ?? null,
  answer: r.answer !== null && r.answeredAt !== null ? { text: r.answer, date: r.answeredAt.toISOString() } : null,
});

/**
 * The buyer of a completed deal rates the seller recorded on the order (issue 29: not the listing's, which its seller
 * could remove), once for that order (the access rule has checked the order is theirs). Not once its payment was
 * given back: a refunded order is no sale.
 */
export async function writeReview(db: Db, buyer: AuthUser, body: NewReviewBody): Promise<Review> {
  const [order] = await db.select().from(orders).where(eq(orders.id, body.orderId)).limit(1);
  if (!order) throw notFound('Order');
  if (order.state === 'refunded') throw conflict('review_refunded');
  // From a completed deal, cash or protected (issue 31): the buyer has had the phone in hand.
  if (order.state !== 'completed') throw conflict('review_before_completion');
  const { sellerId } = order;
  if (!sellerId) throw conflict('review_seller_gone');
  try {
    const review = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(reviews)
        .values({
          orderId: order.id,
          sellerId,
          reviewerId: buyer.id,
          reviewerName: buyer.name,
          productName: order.productName,
          stars: body.stars,
          text: body.text ?? null,
        })
        .returning();
      // The seller is told (issue 31, item 6), with the review.
      await notify(tx as unknown as Db, 'review', [{ userId: sellerId, productName: order.productName, orderId: order.id }]);
      return row!;
    });
    return toReview(review);
  } catch (err) {
    if (!isUniqueViolation(err, 'reviews_order_key')) throw err;
    throw conflict('already_reviewed');
  }
}

/** The writer changes a review (the access rule has checked it is theirs), within 30 days of writing it. */
export async function editReview(db: Db, id: string, body: EditReviewBody): Promise<Review> {
  const [review] = await db
    .update(reviews)
    .set({ stars: body.stars, text: body.text ?? null, editedAt: new Date() })
    .where(and(eq(reviews.id, id), sql`${reviews.createdAt} > now() - make_interval(days => ${reviewEditDays})`))
    .returning();
  if (!review) throw conflict('review_edit_window_passed', { days: reviewEditDays });
  return toReview(review);
}

/** The reviewed seller answers, once (the trigger reviews_answer_once keeps an answer as given). */
export async function answerReview(db: Db, id: string, body: AnswerBody): Promise<Review> {
  const [review] = await db
    .update(reviews)
    .set({ answer: body.answer, answeredAt: new Date() })
    .where(and(eq(reviews.id, id), isNull(reviews.answer)))
    .returning();
  if (!review) throw conflict('already_answered');
  return toReview(review);
}

/** A seller anyone may look at: not an unknown id, not another role, not while suspended. */
async function publicSeller(db: Db, id: string) {
  const [seller] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'Seller'), isNull(users.suspendedAt)))
    .limit(1);
  if (!seller) throw notFound('Seller');
  return seller;
}

/** The head of the seller's public page: who, since when, the rating from reviews, phones sold and on sale. */
export async function sellerProfile(db: Db, id: string): Promise<SellerProfile> {
  const seller = await publicSeller(db, id);
  const [stats] = await db
    .select({
      average: sql<number | null>`(select round(avg(${reviews.stars}), 1)::float8 from ${reviews} where ${reviews.sellerId} = ${id})`,
      count: sql<number>`(select count(*)::int from ${reviews} where ${reviews.sellerId} = ${id})`,
      sold: sql<number>`(select count(*)::int from ${products} where ${products.sellerId} = ${id} and ${products.status} = 'sold')`,
      live: sql<number>`(select count(*)::int from ${products} where ${products.sellerId} = ${id} and ${products.status} = 'available')`,
    })
    .from(sql`(select 1) as one`);
  return {
    _id: seller.id,
    name: seller.name,
    userImg: seller.userImg,
    sellerVerified: seller.sellerVerified,
    numberVerified: seller.phoneConfirmedAt !== null,
    memberSince: seller.createdAt.toISOString(),
    rating: { average: stats!.average === null ? null : Number(stats!.average), count: stats!.count },
    soldCount: stats!.sold,
    liveCount: stats!.live,
  };
}

/** A page of the seller's phones on sale (an unknown or suspended seller is a 404, as their page is). */
export async function sellerListings(db: Db, id: string, query: PageQuery) {
  await publicSeller(db, id);
  return listOnSaleBySeller(db, id, query);
}

const keys = { table: reviews, id: reviews.id, createdAt: reviews.createdAt };

/** A page of the seller's reviews, newest first. */
export async function sellerReviews(db: Db, id: string, query: PageQuery) {
  await publicSeller(db, id);
  const rows = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.sellerId, id), after(keys, query.cursor)))
    .orderBy(...newestFirst(keys))
    .limit(query.limit + 1);
  const { items, nextCursor } = paged(rows, query, (r) => r.id);
  return { items: items.map(toReview), nextCursor };
}
