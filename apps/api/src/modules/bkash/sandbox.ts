import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bkashSandboxPayments, bkashSandboxPayouts } from '../../db/schema.ts';
import { SANDBOX_PAYMENT_MINUTES, SANDBOX_VERSION, sandboxWallets, type SandboxMerchant } from './sandbox-accounts.ts';
import { sendStandInPage } from '../../stand-in-page.ts';
import { walletPage } from './wallet-page.ts';

/**
 * The local stand-in for bKash Tokenized Checkout (issue 17), on in demos and tests only (BKASH_SANDBOX, never
 * with bKash keys). It speaks the protocol as bKash documents it, under /bkash-sandbox/v1.2.0-beta: grant and
 * refresh a token (username and password headers, app key and secret in the body), create a payment (answers
 * the bkashURL to send the buyer to), execute it once the wallet page authorised it, query it, refund it.
 * Business errors come as HTTP 200 with bKash's `statusCode` and `statusMessage`; a bad token is a 401.
 * Its wallet page (/bkash-sandbox/checkout) takes a wallet number, an OTP and a PIN, then sends the buyer to the
 * merchant's callbackURL with the paymentID and status — which a merchant must never trust alone.
 */

const API = `/bkash-sandbox/${SANDBOX_VERSION}/tokenized/checkout`;
const TOKEN_SECONDS = 3600;
const MAX_WRONG_PINS = 3;

/** bKash's error statuses the stand-in answers. */
const errors = {
  appKey: ['2001', 'Invalid App Key'],
  paymentId: ['2002', 'Invalid Payment ID'],
  amount: ['2006', 'Invalid Amount'],
  currency: ['2007', 'Invalid Currency'],
  intent: ['2008', 'Invalid Intent'],
  wallet: ['2009', 'Invalid Wallet'],
  otp: ['2010', 'Invalid OTP'],
  wrongPin: ['2014', 'Wrong PIN'],
  pinCount: ['2015', 'Wrong PIN count exceeded'],
  balance: ['2023', 'Insufficient Balance'],
  state: ['2056', 'Invalid Payment State'],
  completed: ['2062', 'The payment has already been completed'],
  executed: ['2117', 'Payment execution already been called before'],
  refunded: ['2071', 'Refund already completed for this transaction'],
  refundAmount: ['2073', 'Refund amount exceeds the transaction amount'],
  duplicate: ['2068', 'Duplicate for all transactions'],
  invoice: ['2002', 'Invalid Payment ID'],
} as const;
type ErrorName = keyof typeof errors;

const fail = (name: ErrorName) => ({ statusCode: errors[name][0], statusMessage: errors[name][1] });
const ok = { statusCode: '0000', statusMessage: 'Successful' };
const id = (prefix: string, bytes: number) => `${prefix}${randomBytes(bytes).toString('hex').toUpperCase()}`;
const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
const amountPattern = /^\d{1,9}(\.\d{1,2})?$/;
type Row = typeof bkashSandboxPayments.$inferSelect;
/** Still waiting for the buyer on the wallet page, or expired waiting. */
const expired = (row: Row) => row.status === 'Initiated' && Date.now() - row.createdAt.getTime() > SANDBOX_PAYMENT_MINUTES * 60_000;
const open = (row: Row | undefined): row is Row => row !== undefined && row.status === 'Initiated' && !expired(row);

/**
 * `merchant`: the one account (kept in DATA_DIR); `origin`: where the stand-in is reached; `shop`: the shop's own
 * origin, the only place its wallet page sends a buyer back to (no open redirect).
 */
export default async function bkashSandbox(
  app: FastifyInstance,
  opts: { merchant: SandboxMerchant; secret: string; origin: () => string; shop: () => string },
) {
  const db = app.db;
  const sandboxMerchant = opts.merchant;
  const hide = { schema: { hide: true } };
  const sign = (payload: string) => createHmac('sha256', `bkash-sandbox:${opts.secret}`).update(payload).digest('base64url');

  /** A token of the merchant: its kind, app key and end, signed (no state: any instance checks it). */
  function token(kind: 'id' | 'refresh', seconds: number) {
    const payload = Buffer.from(JSON.stringify({ k: kind, a: sandboxMerchant.appKey, e: Math.floor(Date.now() / 1000) + seconds })).toString('base64url');
    return `${payload}.${sign(payload)}`;
  }
  function tokenOk(value: string | undefined, kind: 'id' | 'refresh') {
    const [payload, signature] = (value ?? '').replace(/^Bearer /i, '').split('.');
    if (!payload || !signature || !same(signature, sign(payload))) return false;
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { k: string; a: string; e: number };
    return claims.k === kind && claims.a === sandboxMerchant.appKey && claims.e > Date.now() / 1000;
  }
  const grant = () => ({
    ...ok,
    id_token: token('id', TOKEN_SECONDS),
    token_type: 'Bearer',
    expires_in: TOKEN_SECONDS,
    refresh_token: token('refresh', 28 * 24 * 3600),
  });
  const given = (value: unknown, expected: string) => typeof value === 'string' && same(value, expected);
  const merchantOk = (request: FastifyRequest, body: Record<string, unknown>) =>
    given(request.headers.username, sandboxMerchant.username) &&
    given(request.headers.password, sandboxMerchant.password) &&
    given(body.app_key, sandboxMerchant.appKey) &&
    given(body.app_secret, sandboxMerchant.appSecret);

  /** Every call but the token ones: the id_token in Authorization and the app key in X-App-Key. */
  const authorised = (request: FastifyRequest, reply: FastifyReply) => {
    if (!tokenOk(request.headers.authorization, 'id')) return void reply.status(401).send({ message: 'Unauthorized' });
    if (request.headers['x-app-key'] !== sandboxMerchant.appKey) return void reply.status(200).send(fail('appKey'));
    return true;
  };
  const body = (request: FastifyRequest) => (request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {});
  const find = async (paymentId: unknown) => {
    if (typeof paymentId !== 'string') return undefined;
    const [row] = await db
      .select()
      .from(bkashSandboxPayments)
      .where(and(eq(bkashSandboxPayments.paymentId, paymentId), eq(bkashSandboxPayments.appKey, sandboxMerchant.appKey)))
      .limit(1);
    return row;
  };
  const described = (row: Row) => ({
    paymentID: row.paymentId,
    mode: '0011',
    paymentCreateTime: row.createdAt.toISOString(),
    amount: row.amount,
    currency: row.currency,
    intent: 'sale',
    merchantInvoice: row.merchantInvoiceNumber,
    transactionStatus: expired(row) ? 'Expired' : row.status,
    verificationStatus: row.status === 'Completed' ? 'Complete' : 'Incomplete',
    payerReference: row.payerReference,
    ...(row.trxId ? { trxID: row.trxId, customerMsisdn: row.wallet } : {}),
  });

  app.post(`${API}/token/grant`, hide, async (request, reply) =>
    merchantOk(request, body(request)) ? grant() : reply.status(401).send({ message: 'Unauthorized' }),
  );
  app.post(`${API}/token/refresh`, hide, async (request, reply) => {
    const b = body(request);
    return merchantOk(request, b) && tokenOk(String(b.refresh_token ?? ''), 'refresh') ? grant() : reply.status(401).send({ message: 'Unauthorized' });
  });

  app.post(`${API}/create`, hide, async (request, reply) => {
    if (!authorised(request, reply)) return reply;
    const b = body(request);
    if (b.mode !== '0011' || b.intent !== 'sale') return fail('intent');
    if (typeof b.amount !== 'string' || !amountPattern.test(b.amount) || Number(b.amount) <= 0) return fail('amount');
    if (b.currency !== 'BDT') return fail('currency');
    let callback: URL;
    try {
      callback = new URL(String(b.callbackURL));
      if (callback.origin !== opts.shop()) throw new Error('not the shop');
    } catch {
      return { statusCode: '2003', statusMessage: 'Process failed: invalid callbackURL' };
    }
    const [row] = await db
      .insert(bkashSandboxPayments)
      .values({
        paymentId: id('TR0011', 10),
        appKey: sandboxMerchant.appKey,
        amount: Number(b.amount).toFixed(2),
        currency: 'BDT',
        merchantInvoiceNumber: String(b.merchantInvoiceNumber ?? '').slice(0, 255),
        payerReference: String(b.payerReference ?? '').slice(0, 255),
        callbackUrl: callback.href,
      })
      .returning();
    const back = (status: string) =>
      withParams(callback.href, { paymentID: row!.paymentId, status, signature: sign(`${row!.paymentId}:${status}`), apiVersion: '1.2.0-beta' });
    return {
      ...ok,
      paymentID: row!.paymentId,
      bkashURL: `${opts.origin()}/bkash-sandbox/checkout?paymentID=${row!.paymentId}`,
      callbackURL: callback.href,
      successCallbackURL: back('success'),
      failureCallbackURL: back('failure'),
      cancelledCallbackURL: back('cancel'),
      amount: row!.amount,
      intent: 'sale',
      currency: 'BDT',
      paymentCreateTime: row!.createdAt.toISOString(),
      transactionStatus: 'Initiated',
      merchantInvoiceNumber: row!.merchantInvoiceNumber,
    };
  });

  app.post(`${API}/execute`, hide, async (request, reply) => {
    if (!authorised(request, reply)) return reply;
    const paymentId = body(request).paymentID;
    // One statement: of many executes at once, one completes the payment; the others find it done.
    const [done] = await db
      .update(bkashSandboxPayments)
      .set({ status: 'Completed', trxId: id('B', 5), executedAt: new Date() })
      .where(
        and(
          eq(bkashSandboxPayments.paymentId, String(paymentId)),
          eq(bkashSandboxPayments.appKey, sandboxMerchant.appKey),
          eq(bkashSandboxPayments.status, 'Authorized'),
        ),
      )
      .returning();
    if (done) return { ...ok, ...described(done), paymentExecuteTime: done.executedAt!.toISOString() };
    const row = await find(paymentId);
    if (!row) return fail('paymentId');
    if (row.status === 'Completed') return fail('executed');
    // A payment the wallet could not cover: bKash's execute says why (2023), as its documentation lists.
    return fail(row.status === 'Failed' && row.wallet === sandboxWallets.insufficientBalance ? 'balance' : 'state');
  });

  app.post(`${API}/payment/status`, hide, async (request, reply) => {
    if (!authorised(request, reply)) return reply;
    const row = await find(body(request).paymentID);
    return row ? { ...ok, ...described(row) } : fail('paymentId');
  });

  // With an amount, a refund; with only paymentID and trxID, the status of the refund made (v1.2.0-beta).
  // Payouts to customers' wallets (B2C disbursement, issue 32): only the success wallet is a bKash account here; a
  // merchant invoice number pays once (again: 'Duplicate for all transactions'); a query by it says what became of it.
  const payoutDescribed = (row: typeof bkashSandboxPayouts.$inferSelect) => ({
    ...ok,
    completedTime: row.completedAt.toISOString(),
    trxID: row.trxId,
    transactionStatus: 'Completed',
    amount: row.amount,
    currency: 'BDT',
    receiverMSISDN: row.receiver,
    merchantInvoiceNumber: row.invoice,
  });
  app.post(`${API}/b2cPayment`, hide, async (request, reply) => {
    if (!authorised(request, reply)) return reply;
    const b = body(request);
    if (typeof b.merchantInvoiceNumber !== 'string' || b.merchantInvoiceNumber.length === 0 || b.merchantInvoiceNumber.length > 255) return fail('invoice');
    if (b.currency !== 'BDT') return fail('currency');
    if (typeof b.amount !== 'string' || !amountPattern.test(b.amount) || Number(b.amount) <= 0) return fail('amount');
    if (b.receiverMSISDN !== sandboxWallets.success) return fail('wallet');
    const [paid] = await db
      .insert(bkashSandboxPayouts)
      .values({ invoice: b.merchantInvoiceNumber, receiver: b.receiverMSISDN, amount: b.amount, trxId: id('PO', 5) })
      .onConflictDoNothing()
      .returning();
    return paid ? payoutDescribed(paid) : fail('duplicate');
  });
  app.post(`${API}/b2cPayment/query`, hide, async (request, reply) => {
    if (!authorised(request, reply)) return reply;
    const b = body(request);
    const [row] =
      typeof b.merchantInvoiceNumber === 'string'
        ? await db.select().from(bkashSandboxPayouts).where(eq(bkashSandboxPayouts.invoice, b.merchantInvoiceNumber))
        : [];
    return row ? payoutDescribed(row) : fail('invoice');
  });

  app.post(`${API}/payment/refund`, hide, async (request, reply) => {
    if (!authorised(request, reply)) return reply;
    const b = body(request);
    const row = await find(b.paymentID);
    if (!row || row.trxId !== b.trxID) return fail('paymentId');
    const answer = (r: Row) => ({
      completedTime: r.refundedAt!.toISOString(),
      transactionStatus: 'Completed',
      originalTrxID: r.trxId,
      refundTrxID: r.refundTrxId,
      amount: r.refundAmount ?? r.amount,
      currency: 'BDT',
      charge: '0.00',
    });
    if (b.amount === undefined) return row.refundTrxId ? answer(row) : fail('state');
    if (row.status !== 'Completed') return fail('state');
    if (row.refundTrxId) return fail('refunded');
    if (typeof b.amount !== 'string' || !amountPattern.test(b.amount) || Number(b.amount) <= 0) return fail('amount');
    if (Number(b.amount) > Number(row.amount)) return fail('refundAmount');
    const [refunded] = await db
      .update(bkashSandboxPayments)
      .set({ refundTrxId: id('R', 5), refundAmount: b.amount, refundedAt: new Date() })
      .where(and(eq(bkashSandboxPayments.paymentId, row.paymentId), eq(bkashSandboxPayments.status, 'Completed')))
      .returning();
    return answer(refunded!);
  });

  // The wallet page: the buyer's side of bKash.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4 * 1024 }, (_request, text, done) => {
    done(null, Object.fromEntries(new URLSearchParams(text as string)));
  });
  // The wallet's form goes to itself, and then the buyer to the merchant's callback.
  const page = (reply: FastifyReply, status: number, html: string, callback?: string) =>
    sendStandInPage(reply, status, html, { formTarget: callback && new URL(callback).origin });

  app.get('/bkash-sandbox/checkout', hide, async (request, reply) => {
    const row = await find((request.query as Record<string, unknown>).paymentID);
    if (!open(row)) return page(reply, 404, walletPage.closed());
    return page(reply, 200, walletPage.form(row), row.callbackUrl);
  });

  app.post('/bkash-sandbox/checkout', hide, async (request, reply) => {
    const b = body(request) as Record<string, string>;
    const row = await find(b.paymentID);
    if (!open(row)) return page(reply, 404, walletPage.closed());
    const back = (status: 'success' | 'failure' | 'cancel') =>
      reply.redirect(
        withParams(row.callbackUrl, { paymentID: row.paymentId, status, signature: sign(`${row.paymentId}:${status}`), apiVersion: '1.2.0-beta' }),
        302,
      );
    const settle = async (status: 'Authorized' | 'Failed' | 'Cancelled', wallet: string | null) => {
      await db
        .update(bkashSandboxPayments)
        .set({ status, wallet })
        .where(and(eq(bkashSandboxPayments.paymentId, row.paymentId), eq(bkashSandboxPayments.status, 'Initiated')));
    };
    if (b.action === 'cancel') {
      await settle('Cancelled', null);
      return back('cancel');
    }
    const wallet = String(b.wallet ?? '').replace(/[\s-]/g, '');
    const again = (name: ErrorName) => page(reply, 200, walletPage.form(row, { wallet, error: errors[name][1] }), row.callbackUrl);
    if (wallet !== sandboxWallets.success && wallet !== sandboxWallets.insufficientBalance) return again('wallet');
    if (b.otp !== sandboxWallets.otp) return again('otp');
    if (b.pin !== sandboxWallets.pin) {
      const [counted] = await db
        .update(bkashSandboxPayments)
        .set({ wrongPins: row.wrongPins + 1 })
        .where(eq(bkashSandboxPayments.paymentId, row.paymentId))
        .returning({ wrongPins: bkashSandboxPayments.wrongPins });
      if (counted!.wrongPins < MAX_WRONG_PINS) return again('wrongPin');
      await settle('Failed', wallet);
      return back('failure');
    }
    if (wallet === sandboxWallets.insufficientBalance) {
      await settle('Failed', wallet);
      return back('failure');
    }
    await settle('Authorized', wallet);
    return back('success');
  });
}

function withParams(url: string, params: Record<string, string>) {
  const target = new URL(url);
  for (const [k, v] of Object.entries(params)) target.searchParams.set(k, v);
  return target.href;
}
