import type { Product } from '@market/contract';
import { getTableColumns } from 'drizzle-orm';
import { categories, products, users } from '../../db/schema.ts';

/** A product's own columns, without its search document (the database's business, never sent). */
const { search: _search, ...productFields } = getTableColumns(products);

/** The columns of a product as the spec shows it: category and seller populated. */
export const productColumns = {
  product: productFields,
  categoryName: categories.name,
  seller: { id: users.id, name: users.name, sellerVerified: users.sellerVerified, userImg: users.userImg },
};

export interface ProductRow {
  product: Omit<typeof products.$inferSelect, 'search'>;
  categoryName: string;
  seller: { id: string; name: string; sellerVerified: boolean; userImg: string };
}

/**
 * A product as anyone may see it: without the seller's phone number, which only the seller, an Admin and a
 * buyer who booked the phone (on the order) are given (issue 15). `withPhone` for the first two.
 */
export const toProduct = ({ product: p, categoryName, seller }: ProductRow, withPhone = false): Product => ({
  _id: p.id,
  img: p.img,
  date: p.createdAt.toISOString(),
  ...(withPhone ? { phoneNumber: p.phoneNumber } : {}),
  location: p.location,
  purchase: p.purchase,
  originalPrice: p.originalPrice,
  resalePrice: p.resalePrice,
  productName: p.productName,
  useYears: p.useYears,
  categoryId: { _id: p.categoryId, category: categoryName },
  condition: p.condition,
  description: p.description,
  status: p.status,
  sellerId: { _id: seller.id, name: seller.name, sellerVerified: seller.sellerVerified, userImg: seller.userImg },
  advertise: p.advertise,
  report: p.report,
});
