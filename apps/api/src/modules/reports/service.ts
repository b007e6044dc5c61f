import type { ModerationBody, OpenReport, PageQuery, ReportBody, ReportReason, ReportedPhone } from '@market/contract';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products, reports, users } from '../../db/schema.ts';
import { conflict, forbidden, isUniqueViolation, notFound } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { flagImei } from '../listing-checks/service.ts';
import { recordAdminAct } from '../audit/service.ts';
import { notify } from '../notifications/service.ts';
import { enqueueMail, type Mail } from '../mail/outbox.ts';
import { sellerWarningMail } from '../mail/templates.ts';
import { deleteProduct, getProduct, listReported } from '../products/service.ts';

const open = isNull(reports.resolvedAt);

/**
 * A user's report of a phone (issue 16): once per user per phone, never of an own phone. The phone is flagged
 * `report` (the spec's field) and stays listed until an Admin acts. `again`: what a second report by the same
 * user does — the spec's PUT answers the phone as before (the spec's client shows its toast), the new POST a 409.
 */
export async function fileReport(db: Db, user: AuthUser, body: ReportBody, again: 'answer' | 'refuse') {
  const [phone] = await db
    .select({ sellerId: products.sellerId, status: products.status, imei: products.imei })
    .from(products)
    .where(eq(products.id, body.productId))
    .limit(1);
  // A listing waiting for a check is its seller's and the Admins' only (issue 36).
  if (!phone || phone.status === 'pending') throw notFound('Product');
  if (phone.sellerId === user.id) throw forbidden('own_phone_report');
  try {
    await db.transaction(async (tx) => {
      await tx.insert(reports).values({ productId: body.productId, reporterId: user.id, reason: body.reason, text: body.text ?? null });
      await tx.update(products).set({ report: true }).where(eq(products.id, body.productId));
      // A handset reported stolen: its next listing, here or by anyone, waits for a check (issue 36).
      if (body.reason === 'stolen') await flagImei(tx as unknown as Db, phone.imei, 'stolen', body.productId);
    });
  } catch (err) {
    if (!isUniqueViolation(err, 'reports_product_reporter_key')) throw err;
    if (again === 'refuse') throw conflict('already_reported');
  }
  return getProduct(db, body.productId);
}

/** The Admin's queue: the reported phones (as the spec's list pages them), each with its open reports and their reasons. */
export async function reportQueue(db: Db, query: PageQuery): Promise<{ items: ReportedPhone[]; nextCursor: string | null }> {
  const { items, nextCursor } = await listReported(db, query);
  const ids = items.map((p) => p._id);
  const rows = ids.length
    ? await db
        .select({ report: reports, reporter: { _id: users.id, name: users.name, email: users.email } })
        .from(reports)
        .innerJoin(users, eq(users.id, reports.reporterId))
        .where(and(inArray(reports.productId, ids), open))
        .orderBy(desc(reports.createdAt), desc(reports.id))
    : [];
  return {
    items: items.map((product) => {
      const mine = rows.filter((r) => r.report.productId === product._id);
      const counts = new Map<ReportReason, number>();
      for (const r of mine) counts.set(r.report.reason as ReportReason, (counts.get(r.report.reason as ReportReason) ?? 0) + 1);
      const open: OpenReport[] = mine.map((r) => ({
        _id: r.report.id,
        reporter: r.reporter,
        reason: r.report.reason as ReportReason,
        text: r.report.text,
        date: r.report.createdAt.toISOString(),
      }));
      return { product, count: mine.length, reasons: [...counts].map(([reason, count]) => ({ reason, count })), reports: open };
    }),
    nextCursor,
  };
}

type AdminAct = Omit<Parameters<typeof recordAdminAct>[2], 'reason'>;

/**
 * What an Admin's answer to reports (of a phone, or of a message: issue 33) does once they are closed, in the same
 * transaction: each reporter is told what came of it (issue 31, item 6), and the act is audited; a warning is also
 * mailed to whoever was reported.
 */
export async function answerReports(
  tx: Db,
  admin: AuthUser,
  how: 'dismissed' | 'warned',
  a: { reporters: string[]; productName: string; reason: string; dismissed: AdminAct; warned: AdminAct & { mail: Mail } },
) {
  await notify(
    tx,
    how === 'dismissed' ? 'report_dismissed' : 'report_upheld',
    a.reporters.map((userId) => ({ userId, productName: a.productName })),
  );
  if (how === 'warned') await enqueueMail(tx, a.warned.mail);
  const { action, target } = how === 'dismissed' ? a.dismissed : a.warned;
  await recordAdminAct(tx, admin, { action, target, reason: a.reason });
}

/**
 * Closes a phone's open reports as `resolution` and clears its flag, in one transaction with the audit entry
 * (and, for a warning, the seller's mail). A phone without open reports is a 409: nothing to act on.
 */
async function resolve(db: Db, admin: AuthUser, productId: string, how: 'dismissed' | 'warned', body: ModerationBody) {
  await db.transaction(async (tx) => {
    const [phone] = await tx
      .select({
        name: products.productName,
        report: products.report,
        seller: { id: users.id, name: users.name, email: users.email, emailVerifiedAt: users.emailVerifiedAt, language: users.language },
      })
      .from(products)
      .innerJoin(users, eq(users.id, products.sellerId))
      .where(eq(products.id, productId))
      .limit(1)
      .for('update', { of: products });
    if (!phone) throw notFound('Product');
    if (!phone.report) throw conflict('no_open_reports');
    const reporters = await tx
      .update(reports)
      .set({ resolvedAt: new Date(), resolution: how })
      .where(and(eq(reports.productId, productId), open))
      .returning({ userId: reports.reporterId });
    await tx.update(products).set({ report: false }).where(eq(products.id, productId));
    await answerReports(tx, admin, how, {
      reporters: reporters.map((r) => r.userId),
      productName: phone.name,
      reason: body.reason,
      dismissed: { action: 'dismiss-reports', target: { kind: 'product', id: productId, label: phone.name } },
      warned: {
        action: 'warn-seller',
        target: { kind: 'user', id: phone.seller.id, label: `${phone.seller.name} <${phone.seller.email}>, about ${phone.name}` },
        mail: sellerWarningMail(phone.seller, phone.name, body.reason),
      },
    });
  });
  return getProduct(db, productId, true);
}

export const dismissReports = (db: Db, admin: AuthUser, productId: string, body: ModerationBody) => resolve(db, admin, productId, 'dismissed', body);
export const warnSeller = (db: Db, admin: AuthUser, productId: string, body: ModerationBody) => resolve(db, admin, productId, 'warned', body);
export const removeReported = (db: Db, admin: AuthUser, productId: string, body: ModerationBody) => deleteProduct(db, productId, admin, body.reason);
