import { z } from 'zod';
import { text } from './common.ts';
import { bankAccountPattern, bdMobile, messages, routingNumberPattern, smsCodePattern } from './rules.ts';

const digitsOnly = (v: string) => v.replace(/[\s-]/g, '');

/** Where a seller is paid (issue 32): a bKash wallet (confirmed by an SMS code) or a bank account (checked for form). */
export const PayoutMethodBody = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('bkash'),
      wallet: z
        .string()
        .transform((v, ctx) => bdMobile(v) ?? (ctx.addIssue({ code: 'custom', message: messages.wallet }), z.NEVER))
        .describe('A Bangladeshi mobile number: 01XXXXXXXXX, +8801XXXXXXXXX'),
    }),
    z.object({
      kind: z.literal('bank'),
      accountName: text(100),
      accountNumber: z
        .string()
        .transform(digitsOnly)
        .pipe(z.string().regex(bankAccountPattern, { error: messages.bankAccount })),
      bankName: text(100),
      routingNumber: z
        .string()
        .transform(digitsOnly)
        .pipe(z.string().regex(routingNumberPattern, { error: messages.routingNumber })),
    }),
  ],
  { error: 'must be bkash or bank' },
);
export type PayoutMethodBody = z.input<typeof PayoutMethodBody>;

/** The seller's payout method as they see it: the bank account's number shown by its last 4 digits only. */
export const PayoutMethod = z.object({
  kind: z.enum(['bkash', 'bank']),
  wallet: z.string().nullable(),
  accountName: z.string().nullable(),
  accountNumberEnd: z.string().nullable(),
  bankName: z.string().nullable(),
  routingNumber: z.string().nullable(),
  /** A bKash wallet once its SMS code was entered; a bank account at once. */
  confirmed: z.boolean(),
  updatedAt: z.iso.datetime(),
});
export type PayoutMethod = z.infer<typeof PayoutMethod>;

export const SmsCodeBody = z.object({ code: z.string().trim().regex(smsCodePattern, { error: messages.smsCode }) });
export type SmsCodeBody = z.infer<typeof SmsCodeBody>;

/** A payout asked by the seller: all their available money, or `amount` taka of it. */
export const PayoutBody = z.strictObject(
  { amount: z.number({ error: messages.wholeTaka }).int({ error: messages.wholeTaka }).min(1, { error: messages.positive }).optional() },
  { error: 'takes only an amount (whole taka), or nothing' },
);
export type PayoutBody = z.infer<typeof PayoutBody>;

export const payoutStates = ['requested', 'sending', 'paid', 'failed'] as const;

export const Payout = z.object({
  _id: z.uuid(),
  sellerId: z.uuid(),
  /** The seller's name now (null once the account is gone). */
  sellerName: z.string().nullable(),
  /** In poisha. */
  amount: z.number().int(),
  method: z.enum(['bkash', 'bank']),
  /** Where it goes, for people: the wallet, or the bank, the account's last 4 digits and the branch. */
  destination: z.string(),
  state: z.enum(payoutStates),
  cause: z.enum(['asked', 'weekly']),
  providerRef: z.string().nullable(),
  failure: z.string().nullable(),
  createdAt: z.iso.datetime(),
  settledAt: z.iso.datetime().nullable(),
});
export type Payout = z.infer<typeof Payout>;

/** An Admin's listing of payouts: those in one state, or all. */
export const PayoutsQuery = z.object({
  limit: z.coerce.number({ error: 'must be a number' }).int().min(1).max(100).default(50),
  cursor: z.uuid({ error: 'must be an id from a previous page' }).optional(),
  state: z.enum(payoutStates, { error: `must be one of ${payoutStates.join(', ')}` }).optional(),
});
export type PayoutsQuery = z.infer<typeof PayoutsQuery>;

/** An Admin says what became of a bank payout sent in a batch: paid, or failed (the money goes back to the seller), with why. */
export const PayoutOutcomeBody = z.object({ outcome: z.enum(['paid', 'failed'], { error: 'must be paid or failed' }), reason: text(500) });
export type PayoutOutcomeBody = z.infer<typeof PayoutOutcomeBody>;

/** An Admin's correction of a seller's available balance (taka; negative takes away), with the reason (audited). */
export const AdjustmentBody = z.object({
  amount: z
    .number({ error: messages.wholeTaka })
    .int({ error: messages.wholeTaka })
    .refine((n) => n !== 0 && Math.abs(n) <= 10_000_000, { error: 'must be a whole number of taka, not 0, at most 10,000,000 either way' }),
  reason: text(500),
});
export type AdjustmentBody = z.infer<typeof AdjustmentBody>;

/** One provider's money as the books and as the provider itself say (issue 32, the reconciliation), in poisha. */
export const ProviderReport = z.object({
  provider: z.string(),
  books: z.object({ taken: z.number().int(), refunded: z.number().int(), paidOut: z.number().int() }),
  providerSays: z.object({ taken: z.number().int(), refunded: z.number().int(), paidOut: z.number().int() }).nullable(),
  matches: z.boolean().nullable(),
});

/** The Admins' money view (issue 32), in poisha. */
export const MoneyOverview = z.object({
  held: z.number().int(),
  fees: z.number().int(),
  refundsOwed: z.number().int(),
  sellersAvailable: z.number().int(),
  payouts: z.object({
    waiting: z.object({ count: z.number().int(), amount: z.number().int() }),
    sending: z.object({ count: z.number().int(), amount: z.number().int() }),
    failed: z.object({ count: z.number().int(), amount: z.number().int() }),
  }),
  providers: z.array(ProviderReport),
});
export type MoneyOverview = z.infer<typeof MoneyOverview>;

/** A text message in the SMS outbox (the Admin's view): its words only while no gateway is set (the demo reads its codes here). */
export const OutboxSms = z.object({
  _id: z.uuid(),
  kind: z.string(),
  to: z.string(),
  status: z.enum(['pending', 'sent', 'failed']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
  text: z.string().nullable(),
});
export type OutboxSms = z.infer<typeof OutboxSms>;
