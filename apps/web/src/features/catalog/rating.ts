import type { Product } from '@market/contract';

/** The spec's rule: 4, plus 1 when the seller is verified, minus 0.5 when the product is reported. */
export function rating(product: Pick<Product, 'report'> & { sellerId: Pick<Product['sellerId'], 'sellerVerified'> }): number {
  return 4 + (product.sellerId.sellerVerified ? 1 : 0) - (product.report ? 0.5 : 0);
}
