import { z } from 'zod';
import { IdParams, PageQuery } from '../common.ts';
import { endpoint, role, verified } from '../endpoint.ts';
import {
  AdjustmentBody,
  MoneyOverview,
  OutboxSms,
  Payout,
  PayoutBody,
  PayoutMethod,
  PayoutMethodBody,
  PayoutOutcomeBody,
  PayoutsQuery,
  SmsCodeBody,
} from '../payouts.ts';

const tag = 'money';

export const payoutMethod = endpoint('payoutMethod', {
  tag,
  summary: "The signed-in seller's payout method (a bKash wallet or a bank account), or null",
  access: role('Seller'),
  data: PayoutMethod.nullable(),
});

export const setPayoutMethod = endpoint('setPayoutMethod', {
  tag,
  summary:
    'Set where payouts go: a bKash wallet (a 6-digit code goes to it by SMS and must be entered before it receives money) or a bank account (checked for form). The seller is told by e-mail',
  access: verified(role('Seller')),
  body: PayoutMethodBody,
  data: PayoutMethod,
  limits: [
    { limit: 'payoutMethodPerUser', per: 'user', kind: 'payout-method-user', code: 'too_many_payout_changes' },
    { limit: 'smsCodesPerNumber', per: 'body-wallet', kind: 'sms-code-number', code: 'too_many_sms_codes' },
  ],
});

export const confirmPayoutNumber = endpoint('confirmPayoutNumber', {
  tag,
  summary: 'Confirm the bKash wallet with the code sent to it by SMS (ends in 10 minutes, 5 tries)',
  access: role('Seller'),
  body: SmsCodeBody,
  data: PayoutMethod,
  errors: { 400: ['sms_code_wrong', 'sms_code_expired', 'sms_code_tries_used'], 409: ['payout_method_missing', 'payout_number_confirmed'] },
});

export const requestPayout = endpoint('requestPayout', {
  tag,
  summary: "Pay out the seller's available money (all of it, or `amount` taka) to their payout method; one payout at a time",
  access: verified(role('Seller')),
  body: PayoutBody,
  data: Payout,
  status: [201],
  errors: {
    409: ['payout_method_missing', 'payout_number_unconfirmed', 'payout_below_minimum', 'payout_over_balance', 'payout_in_progress', 'seller_suspended'],
  },
});

export const payouts = endpoint('payouts', {
  tag,
  summary: "The signed-in seller's payouts, newest first, with their state",
  access: role('Seller'),
  query: PageQuery,
  page: Payout,
});

export const allPayouts = endpoint('allPayouts', {
  tag,
  summary: "Every seller's payouts, newest first (optionally in one state): for the Admins' money view",
  access: role('Admin'),
  query: PayoutsQuery,
  page: Payout,
});

export const payoutBatch = endpoint('payoutBatch', {
  tag,
  summary: 'Put every bank payout waiting into a new batch and download it as a CSV file for the bank (they are then being sent)',
  access: role('Admin'),
  raw: z.string().describe('text/csv'),
  errors: { 409: ['no_bank_payouts_waiting'] },
});

export const settlePayout = endpoint('settlePayout', {
  tag,
  summary: 'Say what became of a bank payout sent in a batch: paid, or failed with the reason (the money goes back to the seller); audited, the seller told',
  access: role('Admin'),
  params: IdParams,
  body: PayoutOutcomeBody,
  data: Payout,
  errors: { 404: ['not_found'], 409: ['payout_not_in_batch'] },
});

export const adjustBalance = endpoint('adjustBalance', {
  tag,
  summary: "Correct a seller's available balance by an amount in taka (negative takes away), with the reason: a ledger entry, audited",
  access: role('Admin'),
  params: IdParams,
  body: AdjustmentBody,
  data: z.object({ available: z.number().int().describe('The seller’s available balance now, in poisha') }),
  errors: { 404: ['not_found'] },
});

export const moneyOverview = endpoint('moneyOverview', {
  tag,
  summary: 'The money the site holds, the fees it earned, payouts waiting or failed, and each provider reconciled with the books',
  access: role('Admin'),
  data: MoneyOverview,
});

export const smsOutbox = endpoint('smsOutbox', {
  tag,
  summary: 'The SMS outbox, newest first: the words of each message while no SMS gateway is configured',
  access: role('Admin'),
  query: PageQuery,
  page: OutboxSms,
});
