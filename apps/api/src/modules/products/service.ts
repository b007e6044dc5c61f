import {
  dhakaToday,
  latestToday,
  listingDistrict,
  type PlainErrorCode,
  type Condition,
  type EditProductBody,
  type NewProductBody,
  type PageQuery,
  type Product,
} from '@market/contract';
import { and, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { batched } from '../../db/batched.ts';
import { perDb, type Db } from '../../db/client.ts';
import { categories, orderEvents, orders, products, reports, searchWords, users, type Picture } from '../../db/schema.ts';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../errors.ts';
import { after, newestFirst, paged } from '../../pagination.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { removableOrder } from '../orders/history.ts';
import { move, site } from '../orders/process.ts';
import { recordAdminAct } from '../audit/service.ts';
import { notify } from '../notifications/service.ts';
import { attachUpload, type Attacher } from '../images/uploads.ts';
import { savesOf, tellSavers } from '../favourites/savers.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { listingModel } from '../phone-models/catalogue.ts';
import { productColumns, toProduct } from './dto.ts';
import { checkColumn, flagImei, holdOrPublish, keepPhotoHashes } from '../listing-checks/service.ts';
import { riskSignals, type RiskRules } from '../listing-checks/signals.ts';

/** The risk signals' thresholds and the hours a check usually takes (config `risk`, issue 36). */
export type ListingRisk = RiskRules & { checkHours: number };

const keys = { table: products, id: products.id, createdAt: products.createdAt };

export function select(db: Db, where: SQL | undefined) {
  return db
    .select(productColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(where);
}

/** The same, as sellers and Admins read their phones: with a held listing's check (issue 36). */
function selectOwned(db: Db, where: SQL | undefined) {
  return db
    .select({ ...productColumns, check: checkColumn })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(where);
}

/**
 * One page of products, newest first (with the seller's phone number for the seller's own lists and the Admin's,
 * and how many people saved each: issue 34, never in a public answer).
 */
async function list(db: Db, where: SQL | undefined, query: PageQuery, asOwner = false) {
  const rows = await db
    .select({ ...productColumns, saves: asOwner ? savesOf : sql<null>`null`, check: asOwner ? checkColumn : sql<null>`null` })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(and(where, after(keys, query.cursor)))
    .orderBy(...newestFirst(keys))
    .limit(query.limit + 1);
  const { items, nextCursor } = paged(rows, query, (r) => r.product.id);
  return {
    items: items.map((r) => (asOwner ? { ...toProduct(r, true), saves: r.saves ?? 0, ...(r.check ? { check: r.check } : {}) } : toProduct(r))),
    nextCursor,
  };
}

const available = eq(products.status, 'available');

/**
 * Phones whose seller is not suspended (issue 16): a suspended seller's phones leave every public page and
 * search. Few sellers are, so this small anti-join rides along any query of phones, with or without users.
 */
export const sellerNotSuspended = sql`${products.sellerId} not in (select ${users.id} from ${users} where ${users.suspendedAt} is not null)`;
const onSale = and(available, sellerNotSuspended);

/** The brand categories, in their shop order. */
const categoriesInOrder = perDb((db) => db.select().from(categories).orderBy(categories.position, categories.name).prepare('categories'));

export async function listCategories(db: Db) {
  const rows = await categoriesInOrder(db).execute();
  return rows.map((c) => ({ _id: c.id, category: c.name, categoryLogo: c.logo }));
}

export const listAdvertised = (db: Db, query: PageQuery) => list(db, and(eq(products.advertise, true), onSale), query);
export const listInCategory = (db: Db, categoryId: string, query: PageQuery) => list(db, and(eq(products.categoryId, categoryId), onSale), query);
/** A seller's own listings, but for the sold ones they hid. */
export const listBySeller = (db: Db, sellerId: string, query: PageQuery) =>
  list(db, and(eq(products.sellerId, sellerId), isNull(products.hiddenAt)), query, true);
/** A seller's phones on sale, for their public page (none while they are suspended). */
export const listOnSaleBySeller = (db: Db, sellerId: string, query: PageQuery) => list(db, and(eq(products.sellerId, sellerId), onSale), query);
export const listReported = (db: Db, query: PageQuery) => list(db, eq(products.report, true), query, true);

const productById = perDb((db) =>
  selectOwned(db, eq(products.id, sql.placeholder('id')))
    .limit(1)
    .prepare('product_by_id'),
);

const publicProductsByIds = perDb((db) =>
  select(db, and(sql`${products.id} = any(${sql.placeholder('ids')})`, sellerNotSuspended, isNull(products.hiddenAt), ne(products.status, 'pending'))).prepare(
    'public_products_by_ids',
  ),
);

/** The phones of `ids` anyone may see (not hidden, not waiting for a check, their seller not suspended), by id (a saved phones' page). */
export const loadPublicProducts = async (db: Db, ids: string[]) => new Map((await publicProductsByIds(db).execute({ ids })).map((r) => [r.product.id, r]));
/** The public details asked for at the same moment (a crawler, the long tail), read by one statement. */
const publicProduct = batched(loadPublicProducts);
/** The database's own spelling of a uuid, the key its rows come back with. */
const canonicalUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A product as anyone sees it (not while its seller is suspended), or (`asOwner`) as its seller and Admins do. */
export async function getProduct(db: Db, id: string, asOwner = false) {
  const key = id.toLowerCase();
  if (asOwner) {
    const row = (await productById(db).execute({ id }))[0];
    if (!row) throw notFound('Product');
    return asOwned(row);
  }
  const row = canonicalUuid.test(key)
    ? await publicProduct(db, key)
    : // Another spelling PostgreSQL may accept or refuse: on its own, so a refusal fails no other look-up.
      (await loadPublicProducts(db, [id])).values().next().value;
  if (!row) throw notFound('Product');
  return toProduct(row);
}

/** A product as its seller and Admins read it: the number, the whole IMEI, and a held listing's check. */
const asOwned = ({ check, ...row }: Awaited<ReturnType<typeof selectOwned>>[number]): Product => ({ ...toProduct(row, true), ...(check ? { check } : {}) });

/** The products of `ids` as their sellers and Admins read them, by id, in one statement (the Admin's check queue). */
export async function loadOwnedProducts(db: Db, ids: string[]) {
  if (ids.length === 0) return new Map<string, Product>();
  return new Map((await selectOwned(db, inArray(products.id, ids))).map((r) => [r.product.id, asOwned(r)]));
}

/**
 * The phone's page (issue 31, item 5): the listing, and the handset's earlier sales on this site — other listings of
 * the same IMEI whose deal completed, newest first, each with the day it completed and its price.
 */
export async function productPage(db: Db, id: string): Promise<Product> {
  const product = await getProduct(db, id);
  // One read: the other listings of this listing's IMEI whose deal completed (none without an IMEI).
  const same = db.select({ imei: products.imei }).from(products).where(eq(products.id, product._id));
  const rows = await db
    .select({ at: orderEvents.at, price: orders.productPrice })
    .from(products)
    .innerJoin(orders, and(eq(orders.productId, products.id), eq(orders.state, 'completed')))
    .innerJoin(orderEvents, and(eq(orderEvents.orderId, orders.id), eq(orderEvents.transition, 'complete')))
    .where(and(eq(products.imei, sql`(${same})`), ne(products.id, product._id)))
    .orderBy(desc(orderEvents.at));
  return { ...product, boughtHere: rows.map((r) => ({ date: dhakaToday(r.at.getTime()), price: r.price })) };
}

/** What the server checks of a listing beyond its shape: a purchase date not ahead of anyone's today, a real category. */
async function checkListing(db: Db, body: NewProductBody | EditProductBody, newWordsAllowed: number) {
  if (body.purchase > latestToday()) throw badRequest('purchase_in_future');
  const [category] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, body.categoryId)).limit(1);
  if (!category) throw badRequest('unknown_category');
  const count = await newWords(db, body);
  if (count > newWordsAllowed) throw badRequest('too_many_new_words', { count, max: newWordsAllowed });
}

/**
 * The words of the listing's search document (the trigger's own function) that no available listing holds yet: a
 * listing made of fresh words only would grow the vocabulary every search corrects its words against (decision 038).
 * An edited listing's own words are in the vocabulary already, so only what the edit brings counts.
 */
async function newWords(db: Db, body: NewProductBody | EditProductBody) {
  const document = sql`products_search_document(${body.productName}, ${body.categoryId}::uuid, ${body.description})`;
  const result = await db.execute(sql`
    select count(*)::int as count from unnest(tsvector_to_array(${document})) as w(word)
    where not exists (select 1 from ${searchWords} where ${searchWords.word} = w.word)`);
  return Number((result as unknown as { rows: { count: number }[] }).rows[0]?.count ?? 0);
}

/** A listing of a catalogue model is one of its asking prices: the price guide counts its key again (issue 34). */
async function countAsking(db: Db, listing: { phoneModelId: string | null; storageGb: number; condition: Condition }) {
  if (listing.phoneModelId) await enqueueJob(db, 'price-guide', { modelId: listing.phoneModelId, storageGb: listing.storageGb, condition: listing.condition });
}

/** The same handset in two live listings (products_live_imei_key) is a 409 that says so. */
async function oneHandsetEach<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, 'products_live_imei_key')) throw conflict('imei_taken');
    throw err;
  }
}

/** The listing's pictures (the cover first), each the seller's own upload (decision 040), marked in use, with the widths it is stored in. */
async function picturesOf(db: Db, body: NewProductBody | EditProductBody, by: Attacher) {
  const urls = body.images ?? [body.img!];
  const images: Picture[] = [];
  const hashes: { url: string; hash: bigint | null }[] = [];
  for (const [i, url] of urls.entries()) {
    const { widths, phash } = await attachUpload(db, url, body.images ? `images[${i}]` : 'img', by);
    images.push({ url, widths });
    hashes.push({ url, hash: phash });
  }
  return { pictures: { img: urls[0]!, images }, hashes };
}

/**
 * A seller's new listing: live at once, or (with a risk signal, issue 36) waiting for an Admin's check. The seller's
 * row is locked first, so two listings posted at once count each other against the new seller's limit.
 */
export async function createProduct(db: Db, sellerId: string, body: NewProductBody, newWordsAllowed: number, risk: ListingRisk) {
  await checkListing(db, body, newWordsAllowed);
  const model = await listingModel(db, body);
  // status, advertise, report and the date are the server's, whatever the client sent.
  const id = await oneHandsetEach(() =>
    db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      await tx.select({ id: users.id }).from(users).where(eq(users.id, sellerId)).for('no key update');
      const { pictures, hashes } = await picturesOf(t, body, { owner: sellerId });
      const district = listingDistrict(body)!;
      const signals = await riskSignals(t, { ...body, ...model, productId: null, sellerId, imei: body.imei ?? null, photos: hashes }, risk);
      const [row] = await tx
        .insert(products)
        .values({ ...body, ...model, district, ...pictures, sellerId, status: signals.length > 0 ? 'pending' : 'available', advertise: false, report: false })
        .returning({ id: products.id });
      await keepPhotoHashes(t, row!.id, sellerId, hashes);
      await holdOrPublish(t, { productId: row!.id, sellerId, name: body.productName, edit: false, hours: risk.checkHours }, signals);
      // Matched against the saved searches once it is committed (issue 34; a held one finds it not for sale, and is
      // matched again when approved), and counted in its model's asking prices.
      await enqueueJob(t, 'search-alerts', { productId: row!.id });
      await countAsking(t, { ...body, ...model });
      return row!.id;
    }),
  );
  return getProduct(db, id, true);
}

/**
 * The seller's new version of an own listing, while it is for sale (a sold phone's listing is the buyer's record
 * too). A left-out IMEI keeps the one the listing has. Every public page and search show it at once.
 */
export async function editProduct(db: Db, id: string, body: EditProductBody, newWordsAllowed: number, risk: ListingRisk) {
  await checkListing(db, body, newWordsAllowed);
  const model = await listingModel(db, body);
  const changed = await oneHandsetEach(() =>
    db.transaction(async (tx) => {
      // The listing's seller (its pictures: theirs, or those it already shows); the access rule made sure it is the caller.
      // Locked (as the update would), so the price it had is the one this edit changes: a drop is told once.
      const [current] = await tx
        .select({ sellerId: products.sellerId, images: products.images, resalePrice: products.resalePrice, imei: products.imei })
        .from(products)
        .where(eq(products.id, id))
        .limit(1)
        .for('no key update');
      if (!current) throw notFound('Product');
      const t = tx as unknown as Db;
      const { pictures, hashes } = await picturesOf(t, body, { owner: current.sellerId, keeps: current.images.map((p) => p.url) });
      const { imei, ...rest } = body;
      const listing = { ...body, ...model, productId: id, sellerId: current.sellerId, imei: imei === undefined ? current.imei : imei, photos: hashes };
      const signals = await riskSignals(t, listing, risk);
      // The whole listing is sent again: an optional spec left out is one the seller has cleared.
      const cleared = { model: rest.model ?? null, ramGb: rest.ramGb ?? null, colour: rest.colour ?? null };
      const [row] = await tx
        .update(products)
        .set({ ...rest, ...model, district: listingDistrict(body)!, ...cleared, ...pictures, ...(imei === undefined ? {} : { imei }) })
        .where(and(eq(products.id, id), inArray(products.status, ['available', 'pending', 'expired'])))
        .returning({ id: products.id });
      if (!row) return false;
      await keepPhotoHashes(t, id, current.sellerId, hashes);
      await holdOrPublish(t, { productId: id, sellerId: current.sellerId, name: body.productName, edit: true, hours: risk.checkHours }, signals);
      // Matched against the saved searches again: a lower price, a new word or place may match more (issue 34).
      await enqueueJob(tx as unknown as Db, 'search-alerts', { productId: id });
      await countAsking(tx as unknown as Db, { ...body, ...model });
      // A lower price is told to the people who saved the phone (issue 34), in the edit's transaction.
      if (body.resalePrice < current.resalePrice)
        await tellSavers(
          tx as unknown as Db,
          'saved_price_drop',
          { id, name: body.productName, sellerId: current.sellerId },
          {
            params: { oldPrice: current.resalePrice, newPrice: body.resalePrice },
          },
        );
      return true;
    }),
  );
  if (!changed) throw conflict((await getProduct(db, id, true)).status === 'reserved' ? 'product_reserved' : 'sold_cannot_edit');
  return getProduct(db, id, true);
}

/**
 * A seller's change of an own listing, made only while `when` holds (one statement, so two at once cannot both
 * pass); otherwise 404 for an unknown phone, or a 409 saying why not (`whyNot` reads the phone as it is).
 */
async function changeListing(db: Db, id: string, set: Partial<typeof products.$inferInsert>, when: SQL, whyNot: (current: Product) => PlainErrorCode) {
  const [row] = await db
    .update(products)
    .set(set)
    .where(and(eq(products.id, id), when))
    .returning({ id: products.id });
  if (!row) throw conflict(whyNot(await getProduct(db, id, true)));
  return getProduct(db, id, true);
}

export const advertiseProduct = (db: Db, id: string) =>
  changeListing(db, id, { advertise: true }, and(available, eq(products.advertise, false))!, (p) =>
    p.advertise ? 'already_advertised' : 'only_available_advertised',
  );

export const stopAdvertising = (db: Db, id: string) => changeListing(db, id, { advertise: false }, eq(products.advertise, true), () => 'not_advertised');

/**
 * Sold outside the site: off every list and search, like a phone paid for here; its open bookings close (they can no
 * longer be paid), in the same transaction, the phone's row locked before theirs as a payment locks them.
 */
export const markSold = (db: Db, id: string) =>
  db.transaction(async (tx) => {
    // A phone reserved for a buyer is not sold aside: its deal ends at the handover or is called off (issue 31).
    // An expired listing may be marked sold too (sold elsewhere after it left search).
    const sold = await changeListing(tx as unknown as Db, id, { status: 'sold', advertise: false }, inArray(products.status, ['available', 'expired']), (p) =>
      p.status === 'reserved' ? 'reserved_cannot_mark_sold' : p.status === 'pending' ? 'listing_in_check' : 'product_sold',
    );
    await move(tx as unknown as Db, 'close', eq(orders.productId, id), site);
    await tellSavers(tx as unknown as Db, 'saved_sold', { id, name: sold.productName, sellerId: sold.sellerId._id });
    return sold;
  });

/** Sold (handed over here or marked sold), or paid through the site: its orders, payments and reviews belong to it (issue 29). */
const wasSold = sql`("products"."status" = 'sold' or exists (select 1 from payments p where p.product_id = "products"."id"))`;

/** The seller hides a sold listing (it is never deleted): off My Products and its public page. Again is the same answer. */
export const hideProduct = (db: Db, id: string) => changeListing(db, id, { hiddenAt: new Date(), advertise: false }, wasSold, () => 'only_sold_hidden');

/**
 * A listing that was never sold: open bookings of the product go with it; paid orders keep their own copy. An Admin removing someone
 * else's phone is an act written to the audit log, in the same transaction.
 */
export async function deleteProduct(db: Db, id: string, by: AuthUser, reason: string | null = null) {
  await db.transaction(async (tx) => {
    // Locked first, so a payment settling now comes before (then it was sold) or after (it finds no phone). In the
    // order a payment locks them (the phone, then its bookings): the other way round the two deadlock.
    const [product] = await tx
      .select({ sold: sql<boolean>`${wasSold}`, status: products.status, imei: products.imei })
      .from(products)
      .where(eq(products.id, id))
      .for('update');
    if (!product) throw notFound('Product');
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.productId, id)).for('update');
    // A sold listing is never deleted, not even by an Admin: its buyers' orders and reviews belong to it.
    // Nor one reserved for a buyer on their way to the meeting: the deal is called off first (issue 31).
    if (product.status === 'reserved') throw conflict('reserved_cannot_delete');
    if (product.sold) throw conflict('sold_cannot_delete');
    await tx.delete(orders).where(and(eq(orders.productId, id), removableOrder));
    // Its open reports go with it: their reporters are told the report was acted on.
    const reporters = await tx
      .select({ userId: reports.reporterId })
      .from(reports)
      .where(and(eq(reports.productId, id), isNull(reports.resolvedAt)));
    const [deleted] = await tx.delete(products).where(eq(products.id, id)).returning({ name: products.productName, sellerId: products.sellerId });
    if (!deleted) throw notFound('Product');
    if (by.role === 'Admin' && deleted.sellerId !== by.id) {
      await recordAdminAct(tx, by, { action: 'delete-product', target: { kind: 'product', id, label: deleted.name }, reason });
      // The handset's next listing waits for a check (issue 36).
      await flagImei(tx as unknown as Db, product.imei, 'removed', id);
      // An Admin's removal is told to the seller, and to whoever reported it (issue 31, item 6).
      await notify(tx as unknown as Db, 'listing_removed', [{ userId: deleted.sellerId, productName: deleted.name }]);
      await notify(
        tx as unknown as Db,
        'report_upheld',
        reporters.map((r) => ({ userId: r.userId, productName: deleted.name })),
      );
    }
  });
}
