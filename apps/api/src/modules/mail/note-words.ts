import type { DealParty, NotificationKind, NotificationParams } from '@market/contract';
import type { Texts } from '../../texts.ts';
import { plainName } from './plain-name.ts';

/**
 * A notification's words in a language (the dashboard catalog's `notes.<kind>`, the bell's): the phone's name
 * defused, and its prices (a saved phone's drop) as the tables write them ('40,000 tk', '৳৪০,০০০'). Its mail and its
 * push say these. `party` is the reader's side, for the words that differ by it (an account suspended).
 */
export function noteWords(
  t: Texts,
  kind: NotificationKind,
  productName: string,
  params: NotificationParams | null = null,
  party: DealParty | null = null,
): string {
  const values: Record<string, string | number> = { product: plainName(productName), party: party ?? 'none' };
  for (const key of ['oldPrice', 'newPrice'] as const) {
    const amount = params?.[key];
    if (amount !== undefined) values[key] = t('price.tk', { amount: t.number(amount) });
  }
  // A held listing's usual wait, and an Admin's reason for rejecting it (issue 36).
  if (params?.hours !== undefined) values.hours = t.number(params.hours);
  if (params?.reason !== undefined) values.reason = plainName(params.reason);
  // A listing's days left before it expires (issue 36).
  if (params?.days !== undefined) Object.assign(values, { days: t.number(params.days), count: params.days });
  return t(`notes.${kind}`, values);
}
