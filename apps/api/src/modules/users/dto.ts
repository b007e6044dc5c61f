import type { User } from '@market/contract';
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
  language: row.language,
});
