import { z } from 'zod';
import { Category, EditProductBody, ListingTerm, NewProductBody, Product, StillAvailableBody } from '../catalog.ts';
import { ModerationBody, ReportBody, ReportedPhone } from '../reports.ts';
import { SearchAnswer, SearchQuery, Suggestion, SuggestionQuery } from '../search.ts';
import { IdParams, PageQuery, UserRefParams } from '../common.ts';
import { anyone, endpoint, role, selfOrAdmin, signedIn, verified } from '../endpoint.ts';

const tag = 'catalog';
const Deleted = z.object({ deleted: z.literal(true) });

/** The seller's own acts on a listing. */
const sellersOwn = { who: 'owner', of: 'product', roles: ['Seller'] } as const;
/** What the server checks of a listing beyond its shape (a new or an edited one). */
const listingChecks = [
  'purchase_in_future',
  'unknown_category',
  'unknown_phone_model',
  'too_many_new_words',
  'image_not_uploaded_here',
  'image_not_yours',
] as const;

export const categories = endpoint('categories', { tag, summary: 'Brand categories', access: anyone, data: z.array(Category), cache: 'public' });

export const advertisedProducts = endpoint('advertisedProducts', {
  tag,
  summary: 'Advertised products still for sale',
  access: anyone,
  query: PageQuery,
  page: Product,
  cache: 'public',
});

export const categoryProducts = endpoint('categoryProducts', {
  tag,
  summary: 'Products for sale in one category',
  access: anyone,
  params: IdParams,
  query: PageQuery,
  page: Product,
  cache: 'public',
});

export const searchProducts = endpoint('searchProducts', {
  tag,
  summary: 'Phones for sale matching a search: text, brand, condition, price, area, verified sellers; sorted, with counts',
  access: anyone,
  query: SearchQuery,
  raw: SearchAnswer,
  errors: { 400: ['bad_search_cursor'] },
});

export const productSuggestions = endpoint('productSuggestions', {
  tag,
  summary: 'Model names to offer while a buyer types into the search box (up to 6)',
  access: anyone,
  query: SuggestionQuery,
  data: z.array(Suggestion),
});

export const product = endpoint('product', {
  tag,
  summary: 'One product',
  access: anyone,
  params: IdParams,
  data: Product,
  cache: 'public',
  errors: { 404: ['not_found'] },
});

export const similarProducts = endpoint('similarProducts', {
  tag,
  summary: 'Up to 8 phones for sale like this one (sold too): the same model, or its brand near its price; nearest districts first',
  access: anyone,
  params: IdParams,
  data: z.array(Product),
  cache: 'public',
  errors: { 404: ['not_found'] },
});

export const ownProduct = endpoint('ownProduct', {
  tag,
  summary: "One product as its seller (and Admins) see it: with the seller's number and the whole IMEI (the edit form)",
  access: { who: 'owner-or-admin', of: 'product' },
  params: IdParams,
  data: Product,
});

export const sellerProducts = endpoint('sellerProducts', {
  tag,
  summary: "A seller's products (id is the seller's _id or e-mail)",
  access: selfOrAdmin,
  params: UserRefParams,
  query: PageQuery,
  page: Product,
  errors: { 404: ['not_found'] },
});

export const reportedProducts = endpoint('reportedProducts', { tag, summary: 'Reported products', access: role('Admin'), query: PageQuery, page: Product });

export const addProduct = endpoint('addProduct', {
  tag,
  summary: 'Post a product for sale',
  access: verified(role('Seller')),
  body: NewProductBody,
  data: Product,
  status: [201],
  // Each write of a listing is words for the search vocabulary (decision 038): counted with the edits.
  limits: [{ limit: 'listingWritesPerSeller', per: 'user', kind: 'listing-writes', code: 'too_many_listing_writes' }],
  errors: { 400: listingChecks, 409: ['imei_taken'] },
});

export const editProduct = endpoint('editProduct', {
  tag,
  summary: 'Change every field of an own unsold listing (the whole listing is sent again)',
  access: sellersOwn,
  params: IdParams,
  body: EditProductBody,
  data: Product,
  limits: [{ limit: 'listingWritesPerSeller', per: 'user', kind: 'listing-writes', code: 'too_many_listing_writes' }],
  errors: { 400: listingChecks, 409: ['imei_taken', 'sold_cannot_edit', 'product_reserved'] },
});

export const advertiseProduct = endpoint('advertiseProduct', {
  tag,
  summary: 'Advertise an available product',
  access: sellersOwn,
  params: IdParams,
  data: Product,
  errors: { 409: ['already_advertised', 'only_available_advertised'] },
});

export const stopAdvertising = endpoint('stopAdvertising', {
  tag,
  summary: 'Stop advertising an own product (it leaves the home page)',
  access: sellersOwn,
  params: IdParams,
  data: Product,
  errors: { 409: ['not_advertised'] },
});

export const markSold = endpoint('markSold', {
  tag,
  summary: 'Mark an own available product as sold outside the site: it leaves the shop; its open bookings can no longer be paid',
  access: sellersOwn,
  params: IdParams,
  data: Product,
  errors: { 409: ['product_sold', 'reserved_cannot_mark_sold', 'listing_in_check'] },
});

export const renewProduct = endpoint('renewProduct', {
  tag,
  summary: 'Renew an own listing on sale or expired (issue 36): it stays on sale 60 days from now, and an expired one is back in search',
  access: sellersOwn,
  params: IdParams,
  data: Product,
  errors: { 409: ['listing_not_renewable'] },
});

export const stillAvailable = endpoint('stillAvailable', {
  tag,
  // Not limited: the key is signed (256-bit HMAC) and checking it is one look-up by the listing's key.
  summary: 'The listing a "Still available" link of an expiry reminder is for, and whether a tap would renew it',
  access: anyone,
  body: StillAvailableBody,
  data: ListingTerm,
  cache: 'keeps',
  errors: { 400: ['renew_link_invalid'], 409: ['listing_not_renewable'] },
});

export const renewByLink = endpoint('renewByLink', {
  tag,
  summary: 'The one-tap "Still available" of an expiry reminder: renews the listing for 60 days without signing in (once per term)',
  access: anyone,
  body: StillAvailableBody,
  data: ListingTerm,
  errors: { 400: ['renew_link_invalid'], 409: ['listing_not_renewable'] },
});

export const hideProduct = endpoint('hideProduct', {
  tag,
  // A sold listing is never deleted (issue 29): its orders and their reviews belong to it.
  summary: 'Hide an own sold listing: it leaves My Products and its public page; its orders, payments and reviews stay',
  access: sellersOwn,
  params: IdParams,
  data: Product,
  errors: { 409: ['only_sold_hidden'] },
});

export const reportProduct = endpoint('reportProduct', {
  tag,
  summary: "Report a product (the spec's call: reason 'other'; once per user, again is the same answer)",
  access: verified(signedIn),
  params: IdParams,
  data: Product,
  errors: { 403: ['own_phone_report'], 404: ['not_found'] },
});

export const report = endpoint('report', {
  tag,
  summary: 'Report a phone with a reason: once per user per phone; not an own phone',
  access: verified(signedIn),
  body: ReportBody,
  data: Product,
  status: [201],
  errors: { 403: ['own_phone_report'], 404: ['not_found'], 409: ['already_reported'] },
});

const adminOnly = role('Admin');

export const reportQueue = endpoint('reportQueue', {
  tag,
  summary: 'The reported phones with their open reports, reasons and reporters (the Admin queue)',
  access: adminOnly,
  query: PageQuery,
  page: ReportedPhone,
});

export const dismissReports = endpoint('dismissReports', {
  tag,
  summary: "Dismiss a phone's open reports (it stays listed); written to the audit log with the reason",
  access: adminOnly,
  params: IdParams,
  body: ModerationBody,
  data: Product,
  errors: { 404: ['not_found'], 409: ['no_open_reports'] },
});

export const warnSeller = endpoint('warnSeller', {
  tag,
  summary: 'Warn the seller of a reported phone (a mail with the reason) and close its reports; audited',
  access: adminOnly,
  params: IdParams,
  body: ModerationBody,
  data: Product,
  errors: { 404: ['not_found'], 409: ['no_open_reports'] },
});

export const removeReported = endpoint('removeReported', {
  tag,
  summary: 'Remove a reported listing, with the reason (audited); as deleting it, open bookings go',
  access: adminOnly,
  params: IdParams,
  body: ModerationBody,
  data: Deleted,
  errors: { 404: ['not_found'] },
});

export const deleteProduct = endpoint('deleteProduct', {
  tag,
  summary: 'Delete a product that was never sold (a sold one its seller hides instead)',
  access: { who: 'owner-or-admin', of: 'product' },
  params: IdParams,
  data: Deleted,
  errors: { 409: ['sold_cannot_delete', 'reserved_cannot_delete'] },
});
