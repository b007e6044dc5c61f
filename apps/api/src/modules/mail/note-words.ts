import type { NotificationKind, NotificationParams } from '@market/contract';
import type { Texts } from '../../texts.ts';
import { plainName } from './plain-name.ts';

/**
 * A notification's words in a language (the dashboard catalog's `notes.<kind>`, the bell's): the phone's name
 * defused, and its prices (a saved phone's drop) as the tables write them ('40,000 tk', '৳৪০,০০০'). Its mail and its
 * push say these.
 */
export function noteWords(t: Texts, kind: NotificationKind, productName: string, params: NotificationParams | null = null): string {
  const values: Record<string, string> = { product: plainName(productName) };
  for (const key of ['oldPrice', 'newPrice'] as const) {
    const amount = params?.[key];
    if (amount !== undefined) values[key] = t('price.tk', { amount: t.number(amount) });
  }
  return t(`notes.${kind}`, values);
}
