import type { Product, SellerRating } from '@market/contract';

/**
 * The spec's rule, 4 plus 1 when the seller is verified, without its half point off for a reported phone: one
 * anonymous report is no proof, and a reported phone stays listed until an Admin acts (issue 16). Shown only
 * until the seller's first review.
 */
export function rating(product: { sellerId: Pick<Product['sellerId'], 'sellerVerified'> }): number {
  return 4 + (product.sellerId.sellerVerified ? 1 : 0);
}

/** What a page shows of a seller's standing: the mean of the reviews and their count, or (none yet) the spec's rule, said to be that. */
export function shownRating(sellerVerified: boolean, { average, count }: SellerRating): { value: number; label: string; note: string; explained?: string } {
  if (average === null) {
    const value = rating({ sellerId: { sellerVerified } });
    return {
      value,
      label: `Rating ${value}`,
      note: 'No reviews yet: starting score',
      explained: 'Until the first review: 4, or 5 for a seller whose identity an Admin checked',
    };
  }
  const reviews = count === 1 ? '1 review' : `${count} reviews`;
  return { value: average, label: `Rating ${average} from ${reviews}`, note: reviews };
}
