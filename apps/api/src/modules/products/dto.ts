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

export const toProduct = ({ product: p, categoryName, seller }: ProductRow): Product => ({
  _id: p.id,
  img: p.img,
  date: p.createdAt.toISOString(),
  phoneNumber: p.phoneNumber,
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
