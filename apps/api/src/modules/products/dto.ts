import { districtName, maskedImei, type ListingModel, type Product } from '@market/contract';
import { getTableColumns, sql } from 'drizzle-orm';
import { categories, phoneModels, products, users } from '../../db/schema.ts';
import { srcsetOf } from '../images/service.ts';

/** A product's own columns, without its search document (the database's business, never sent). */
const { search: _search, ...productFields } = getTableColumns(products);

/** The columns of a product as the spec shows it: category and seller populated. */
export const productColumns = {
  product: productFields,
  categoryName: categories.name,
  // Whether the seller confirmed a mobile number (issue 36): a column of the row the query joins already, never the number.
  seller: {
    id: users.id,
    name: users.name,
    sellerVerified: users.sellerVerified,
    numberVerified: sql<boolean>`${users.phoneConfirmedAt} is not null`,
    userImg: users.userImg,
  },
  /** The catalogue's model (issue 34), read by its key beside whatever joins the query makes. */
  phoneModel: sql<ListingModel | null>`(select json_build_object('_id', ${phoneModels.id}, 'name', ${phoneModels.name}, 'nameBn', ${phoneModels.nameBn}, 'slug', ${phoneModels.slug}) from ${phoneModels} where ${phoneModels.id} = ${products.phoneModelId})`,
};

export interface ProductRow {
  product: Omit<typeof products.$inferSelect, 'search'>;
  categoryName: string;
  seller: { id: string; name: string; sellerVerified: boolean; numberVerified: boolean; userImg: string };
  phoneModel: ListingModel | null;
}

/**
 * A product as anyone may see it: without the seller's phone number, which only the seller, an Admin and a
 * buyer who booked the phone (on the order) are given, and with the IMEI's last four digits only (issue 15).
 * `asOwner` for the seller's and Admins' answers: the number and the whole IMEI.
 */
export const toProduct = ({ product: p, categoryName, seller, phoneModel }: ProductRow, asOwner = false): Product => ({
  _id: p.id,
  img: p.img,
  images: p.images.map((i) => ({ url: i.url, srcset: srcsetOf(i.url, i.widths) })),
  date: p.createdAt.toISOString(),
  ...(asOwner ? { phoneNumber: p.phoneNumber } : {}),
  location: p.location,
  district: districtName(p.district),
  purchase: p.purchase,
  originalPrice: p.originalPrice,
  resalePrice: p.resalePrice,
  productName: p.productName,
  useYears: p.useYears,
  categoryId: { _id: p.categoryId, category: categoryName },
  condition: p.condition,
  description: p.description,
  status: p.status,
  sellerId: { _id: seller.id, name: seller.name, sellerVerified: seller.sellerVerified, numberVerified: seller.numberVerified, userImg: seller.userImg },
  advertise: p.advertise,
  report: p.report,
  model: p.model,
  phoneModel,
  unlistedModel: p.unlistedModel,
  storageGb: p.storageGb,
  ramGb: p.ramGb,
  colour: p.colour,
  batteryHealth: p.batteryHealth,
  notLocked: p.notLocked,
  boxAndCharger: p.boxAndCharger,
  warrantyMonths: p.warrantyMonths,
  imei: p.imei && (asOwner ? p.imei : maskedImei(p.imei)),
  ...(asOwner ? { expiresAt: p.expiresAt.toISOString() } : {}),
});
