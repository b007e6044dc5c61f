import type { Product } from '@market/contract';

/**
 * The spec's rule, 4 plus 1 when the seller is verified, without its half point off for a reported phone: one
 * anonymous report is no proof, and a reported phone stays listed until an Admin acts (issue 16).
 */
export function rating(product: { sellerId: Pick<Product['sellerId'], 'sellerVerified'> }): number {
  return 4 + (product.sellerId.sellerVerified ? 1 : 0);
}
