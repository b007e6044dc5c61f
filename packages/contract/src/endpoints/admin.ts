import { z } from 'zod';
import { OutboxMail } from '../accounts.ts';
import { AuditEntry, AuditQuery } from '../audit.ts';
import { ModerationBody } from '../reports.ts';
import { IdParams, PageQuery, UserRefParams } from '../common.ts';
import { anyone, endpoint, role, selfOrAdmin } from '../endpoint.ts';
import { ImageUploaded } from '../images.ts';
import { AdminOverview, BuyerOverview, PeriodQuery, SellerOverview } from '../overview.ts';
import { SellerRow, User, UserListQuery } from '../users.ts';

const admin = role('Admin');

export const health = endpoint('health', { tag: 'health', summary: 'Liveness and database check', access: anyone, raw: z.object({ ok: z.literal(true) }) });

export const allBuyers = endpoint('allBuyers', {
  tag: 'users',
  summary: 'All buyers, newest first; `q` keeps those whose name or e-mail contains it',
  access: admin,
  query: UserListQuery,
  page: User,
});
export const allSellers = endpoint('allSellers', {
  tag: 'users',
  summary:
    'All sellers, newest first, each with what a verification is judged by (joined, listings, completed sales, reports, a confirmed bKash number); `q` keeps those whose name or e-mail contains it',
  access: admin,
  query: UserListQuery,
  page: SellerRow,
});
export const verifySeller = endpoint('verifySeller', {
  tag: 'users',
  summary: 'Mark a seller as verified, with the reason (audited): the seller is told by e-mail',
  access: admin,
  params: IdParams,
  body: ModerationBody,
  data: User,
  errors: { 400: ['only_seller_verified'], 404: ['not_found'] },
});
export const deleteUser = endpoint('deleteUser', {
  tag: 'users',
  summary: 'Delete a buyer or seller',
  access: admin,
  params: IdParams,
  data: z.object({ deleted: z.literal(true) }),
  errors: { 403: ['admin_cannot_be_deleted'], 404: ['not_found'] },
});

export const suspendSeller = endpoint('suspendSeller', {
  tag: 'users',
  summary: "Suspend a seller, with the reason (audited): the sessions end, sign-in is refused, the seller's phones leave the site",
  access: admin,
  params: IdParams,
  body: ModerationBody,
  data: User,
  errors: { 400: ['only_seller_suspended'], 404: ['not_found'], 409: ['seller_already_suspended'] },
});
export const reinstateSeller = endpoint('reinstateSeller', {
  tag: 'users',
  summary: "Lift a seller's suspension, with the reason (audited): the phones come back",
  access: admin,
  params: IdParams,
  body: ModerationBody,
  data: User,
  errors: { 400: ['only_seller_suspended'], 404: ['not_found'], 409: ['seller_not_suspended'] },
});

export const suspendBuyer = endpoint('suspendBuyer', {
  tag: 'users',
  summary: 'Suspend a buyer, with the reason (audited): the sessions end and sign-in is refused, so nothing can be booked',
  access: admin,
  params: IdParams,
  body: ModerationBody,
  data: User,
  errors: { 400: ['only_buyer_suspended'], 404: ['not_found'], 409: ['buyer_already_suspended'] },
});
export const reinstateBuyer = endpoint('reinstateBuyer', {
  tag: 'users',
  summary: "Lift a buyer's suspension, with the reason (audited): they can sign in again",
  access: admin,
  params: IdParams,
  body: ModerationBody,
  data: User,
  errors: { 400: ['only_buyer_suspended'], 404: ['not_found'], 409: ['buyer_not_suspended'] },
});

export const outbox = endpoint('outbox', {
  tag: 'mail',
  summary: 'The outgoing mails, newest first (their text only while no SMTP server is configured: a demo reads its links here)',
  access: admin,
  query: PageQuery,
  page: OutboxMail,
});

export const auditLog = endpoint('auditLog', {
  tag: 'users',
  summary: 'What Admins did (verify, delete a user or a product…), newest first: who, when, what, why; appended only',
  access: admin,
  query: AuditQuery,
  page: AuditEntry,
});

export const adminOverview = endpoint('adminOverview', {
  tag: 'overview',
  summary: 'Totals for the admin, and the products posted per day, week or month',
  access: admin,
  query: PeriodQuery,
  data: AdminOverview,
});
export const buyerOverview = endpoint('buyerOverview', {
  tag: 'overview',
  summary: "A buyer's totals (id is _id or e-mail)",
  access: selfOrAdmin,
  params: UserRefParams,
  data: BuyerOverview,
  errors: { 404: ['not_found'] },
});
export const sellerOverview = endpoint('sellerOverview', {
  tag: 'overview',
  summary: "A seller's totals (id is _id or e-mail)",
  access: selfOrAdmin,
  params: UserRefParams,
  data: SellerOverview,
  errors: { 404: ['not_found'] },
});

export const uploadImage = endpoint('uploadImage', {
  tag: 'images',
  // Sign-up uploads the avatar before the account exists: open to anyone, limited instead.
  summary: 'Upload a picture (multipart field "image")',
  access: anyone,
  multipart: true,
  data: ImageUploaded,
  status: [201],
  cache: 'keeps',
  limits: [
    { limit: 'uploadsPerIp', per: 'ip', kind: 'upload-ip', code: 'too_many_uploads' },
    { limit: 'uploadsPerIpDay', per: 'ip', kind: 'upload-ip-day', code: 'daily_upload_limit' },
  ],
  errors: {
    400: ['image_not_multipart', 'image_field_missing', 'malformed_multipart', 'image_damaged', 'multipart_proto_field'],
    413: ['image_too_large', 'image_too_many_pixels', 'image_too_detailed', 'multipart_parts_limit', 'multipart_files_limit', 'multipart_fields_limit'],
    415: ['image_type'],
  },
});
