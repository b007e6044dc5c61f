/*
 * The risk signals of a listing (issue 36, decision 061): why a listing waits for a person's check before anyone else
 * sees it. Plain types and the words finder, no schema, so the web app and the database's schema import them
 * (`@market/contract/risk`).
 */

export const riskSignalCodes = [
  'new_seller_limit',
  'photo_reused',
  'price_below_guide',
  'imei_flagged',
  'contact_in_description',
  'number_unconfirmed',
] as const;
export type RiskSignalCode = (typeof riskSignalCodes)[number];

/** A photo of the listing close to one of another account's listing (`bits` apart of 64). */
export interface PhotoMatch {
  url: string;
  theirUrl: string;
  theirProductId: string;
  theirSellerId: string;
  bits: number;
}

export type RiskSignal =
  /** A seller without a completed sale already has `listings` live listings, the limit `limit`. */
  | { code: 'new_seller_limit'; listings: number; limit: number }
  | { code: 'photo_reused'; matches: PhotoMatch[] }
  /** The price is `percent` % of its key's median in the price guide (the bound `below` %). */
  | { code: 'price_below_guide'; price: number; median: number; percent: number; below: number }
  /** The handset's IMEI was on a listing an Admin removed, or reported as stolen. */
  | { code: 'imei_flagged'; why: 'removed' | 'stolen' }
  /** Phone numbers, e-mail addresses or links in the description (what was found, as written). */
  | { code: 'contact_in_description'; found: string[] }
  /**
   * The seller has not confirmed a mobile number by an SMS code (decision 062): a new listing waits for the seller,
   * not an Admin, and goes live when they confirm it.
   */
  | { code: 'number_unconfirmed' };

/** A check holding only this waits for its seller (their number), not for an Admin. */
export const sellerOnly = (codes: readonly RiskSignalCode[]) => codes.length > 0 && codes.every((c) => c === 'number_unconfirmed');

const banglaDigits = (text: string) => text.replace(/[০-৯]/g, (d) => String(d.charCodeAt(0) - 0x09e6));

/**
 * Contact details in a listing's words: a Bangladeshi mobile number (01[3-9] and 8 digits, with or without +88/88,
 * spaces, dots or dashes between digits, Bangla digits too), an e-mail address, or a link (http, www., wa.me, t.me).
 * The site's own deal keeps both sides safe (the handover code, the protected payment): a number in the description
 * takes the deal off the site, where most scams happen.
 */
export function contactDetailsIn(text: string): string[] {
  const found: string[] = [];
  const plain = banglaDigits(text);
  for (const m of plain.matchAll(/(?<![\d.-])(?:\+?\s*8\s*8[\s.-]*)?0[\s.-]*1[\s.-]*[3-9](?:[\s.-]*\d){8}(?![\d.-]*\d)/g)) found.push(m[0].trim());
  for (const m of plain.matchAll(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g)) found.push(m[0]);
  for (const m of plain.matchAll(/\b(?:https?:\/\/|www\.|wa\.me\/|t\.me\/)\S+/gi)) found.push(m[0]);
  return found;
}
