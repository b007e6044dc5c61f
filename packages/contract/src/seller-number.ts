import { z } from 'zod';
import { bdMobile, messages } from './rules.ts';

/**
 * POST /api/my-number (issue 36, decision 062): the mobile number a seller wants confirmed, however they write it
 * (+880 1…, 01…, spaces, dashes, Bangla digits), kept in its local form 01XXXXXXXXX as payout wallets are.
 */
export const MyNumberBody = z.object({
  number: z
    .string()
    .transform((v, ctx) => bdMobile(v) ?? (ctx.addIssue({ code: 'custom', message: messages.wallet }), z.NEVER))
    .describe('A Bangladeshi mobile number: 01XXXXXXXXX, +8801XXXXXXXXX'),
});
export type MyNumberBody = z.input<typeof MyNumberBody>;

/** The code is on its way: the number it went to, and the minutes it lasts. */
export const NumberCodeSent = z.object({ number: z.string(), minutes: z.number().int() });
export type NumberCodeSent = z.infer<typeof NumberCodeSent>;

/**
 * The number is confirmed: the seller's listings that waited only for it are live now (`published`), and those that
 * also wait for an Admin's check still do (`stillChecked`), without the number among their reasons.
 */
export const NumberConfirmed = z.object({
  confirmedNumber: z.string(),
  published: z.number().int(),
  stillChecked: z.number().int(),
});
export type NumberConfirmed = z.infer<typeof NumberConfirmed>;
