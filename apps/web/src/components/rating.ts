import type { Product, SellerRating } from '@market/contract';
import { digits } from './listing-words.ts';
import { number } from '../lib/format.ts';
import { translate } from '../lib/i18n.ts';

/**
 * The spec's rule, 4 plus 1 when the seller is verified, without its half point off for a reported phone: one
 * anonymous report is no proof, and a reported phone stays listed until an Admin acts (issue 16). Shown only
 * until the seller's first review.
 */
export function rating(product: { sellerId: Pick<Product['sellerId'], 'sellerVerified'> }): number {
  return 4 + (product.sellerId.sellerVerified ? 1 : 0);
}

/**
 * What a page shows of a seller's standing: the mean of the reviews and their count; none yet, that the seller is new
 * (`fresh`), with the spec's rule as the starting score, labelled so (issue 35: "★ 4" alone read as a real rating).
 * The words are in the current language (call it while rendering).
 */
export function shownRating(
  sellerVerified: boolean,
  { average, count }: SellerRating,
): { value: number; label: string; note: string; explained?: string; fresh?: true } {
  if (average === null) {
    const value = rating({ sellerId: { sellerVerified } });
    return {
      value,
      fresh: true,
      label: translate('rating.startingScore', { value: number(value) }),
      note: translate('rating.newSeller'),
      explained: translate('rating.startingExplained'),
    };
  }
  const reviews = translate('rating.reviews', { count, shown: digits(count) });
  return { value: average, label: translate('rating.labelFrom', { value: number(average), reviews }), note: reviews };
}
