import type { SellerRow, User } from '@market/contract';
import type { users } from '../../db/schema.ts';

export const toUser = (row: typeof users.$inferSelect): User => ({
  _id: row.id,
  id: row.providerId,
  name: row.name,
  email: row.email,
  role: row.role,
  userImg: row.userImg,
  sellerVerified: row.sellerVerified,
  emailVerified: row.emailVerifiedAt !== null,
  ...(row.suspendedAt ? { suspended: true as const } : {}),
  // The owner's (and Admins') answers only: every answer built here is to the user themselves or to an Admin.
  ...(row.phone && row.phoneConfirmedAt ? { confirmedNumber: row.phone } : {}),
  language: row.language,
});

/** A row of All Sellers: the seller, and the facts their verification is judged by (service.ts `listSellers`). */
export const toSellerRow = (row: {
  user: typeof users.$inferSelect;
  listings: number | null;
  liveListings: number | null;
  completedSales: number | null;
  reports: number | null;
  numberConfirmed: boolean;
}): SellerRow => ({
  ...toUser(row.user),
  memberSince: row.user.createdAt.toISOString(),
  liveListings: row.liveListings ?? 0,
  listings: row.listings ?? 0,
  completedSales: row.completedSales ?? 0,
  reports: row.reports ?? 0,
  numberConfirmed: row.numberConfirmed,
});
