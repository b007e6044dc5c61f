import { ledgerAccountKinds, ledgerCauses } from '@market/contract/money';
import { dealActors, dealStates, dealTransitionNames, disputePhotos, disputeReasons, handoverTries, notificationKinds, payWays } from '@market/contract/deal';
import type { RiskSignal } from '@market/contract/risk';
import type { NotificationParams } from '@market/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** One of a listing's pictures: its URL and the widths it is stored in (uploads.widths). */
export interface Picture {
  url: string;
  widths: number[];
}

/** A full-text search document (PostgreSQL tsvector). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const roleEnum = pgEnum('role', ['Admin', 'Seller', 'Buyer']);
export const conditionEnum = pgEnum('condition', ['Excellent', 'Good', 'Fair']);
/**
 * 'pending': held for a person's check before anyone else sees it (issue 36, decision 061): posted or edited with a risk
 * signal, until an Admin approves it (then 'available') — or rejected, and waiting for its seller's edit.
 */
export const productStatusEnum = pgEnum('product_status', ['pending', 'available', 'reserved', 'sold', 'expired']);

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The identity provider's id (ours: "local:<uuid>", Google: "google:<sub>"). */
    providerId: text('provider_id').notNull().unique(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    /** argon2id; null for accounts that only sign in through Google. */
    passwordHash: text('password_hash'),
    role: roleEnum('role').notNull(),
    sellerVerified: boolean('seller_verified').notNull().default(false),
    userImg: text('user_img').notNull().default(''),
    /** When the owner proved the address (a link from us, a password reset, or Google saying so); null until then. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Carried in every token as `sv`: raising it ends every session (log out everywhere, password change or reset). */
    sessionVersion: integer('session_version').notNull().default(0),
    /** Set by an Admin (issue 16): the account cannot sign in, and its phones leave every public page until it is cleared. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /** The language the owner chose (decision 029): their e-mails are written in it, and a sign-in switches the site to it. */
    language: text('language', { enum: ['en', 'bn'] })
      .notNull()
      .default('en'),
    /** The kinds of notification the owner does not want by e-mail (issue 31): every other kind also comes by mail. */
    /**
     * The mobile number the seller confirmed by an SMS code (issue 36, 01XXXXXXXXX), and when: a seller's first listings
     * wait for it; pages say "Number verified". Null until then; a new number is kept only once its code is entered.
     */
    phone: text('phone'),
    phoneConfirmedAt: timestamp('phone_confirmed_at', { withTimezone: true }),
    mailOff: text('mail_off', { enum: notificationKinds })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [
    check('users_language_check', sql`${t.language} in ('en', 'bn')`),
    check('users_phone_check', sql`(${t.phone} is null) = (${t.phoneConfirmedAt} is null) and ${t.phone} ~ '^01[3-9][0-9]{8}$'`),
    check('users_mail_off_check', sql`${t.mailOff} <@ array[${sql.raw(notificationKinds.map((n) => `'${n}'`).join(', '))}]::text[]`),
    index('users_role_idx').on(t.role, t.createdAt, t.id),
    // One confirmed number, one account (issue 36, decision 062): "Number verified" says a person stands behind it.
    uniqueIndex('users_phone_key').on(t.phone),
    // The few suspended accounts, for the anti-join every public list of phones carries (sellerNotSuspended).
    index('users_suspended_idx')
      .on(t.id)
      .where(sql`${t.suspendedAt} is not null`),
  ],
);

/**
 * Sign-in identities of other providers, keyed by the provider and its subject (never by
 * e-mail): `provider` is the issuer URL of a real OpenID Connect provider, or 'local-oidc'
 * for the local stand-in. A user may have several; each belongs to one user.
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The e-mail the provider gave when the identity was linked (for the owner's information). */
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), index('user_identities_user_idx').on(t.userId)],
);

export const accountTokenPurpose = pgEnum('account_token_purpose', ['verify-email', 'reset-password']);

/**
 * One-time links sent by e-mail: only a hash of each token is stored; a token is used at
 * most once (used_at), before it expires, and only for the address it was sent to.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: accountTokenPurpose('purpose').notNull(),
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('account_tokens_user_idx').on(t.userId, t.purpose), index('account_tokens_expires_idx').on(t.expiresAt)],
);

export const mailStatus = pgEnum('mail_status', ['pending', 'sent', 'failed']);

/**
 * Every e-mail goes through this durable outbox: written in the same request that causes it, with the
 * job that sends it (jobs, kind 'mail'), so a mail survives an SMTP outage or a restart. Without SMTP
 * the mails wait here and an Admin can read them. A sent mail's body is erased: its links are secrets.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body'),
    htmlBody: text('html_body'),
    status: mailStatus('status').notNull().default('pending'),
    /** Delivery attempts so far (its job's). */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_created_idx').on(t.createdAt, t.id)],
);

/**
 * Pictures uploaded to this server. Product and avatar pictures must be one of these; an
 * upload nobody attached to a user or product within a day is removed with its file.
 */
/**
 * A user's report of a phone (issue 16): one per user per phone; open until an Admin dismisses the phone's
 * reports or warns its seller (`resolution`), gone with the phone (the audit log keeps what was done).
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    text: text('text'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolution: text('resolution'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reports_product_reporter_key').on(t.productId, t.reporterId),
    index('reports_open_idx')
      .on(t.productId, t.createdAt)
      .where(sql`${t.resolvedAt} is null`),
  ],
);

/**
 * What Admins did (issue 16): appended in the transaction of the act, never changed or deleted (the trigger
 * audit_log_append_only of migration 0012 refuses UPDATE and DELETE). Names are copies: the log outlives
 * the accounts and products it mentions.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull(),
    adminName: text('admin_name').notNull(),
    adminEmail: text('admin_email').notNull(),
    action: text('action').notNull(),
    targetKind: text('target_kind').notNull(),
    targetId: uuid('target_id').notNull(),
    targetLabel: text('target_label').notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt, t.id), index('audit_log_action_idx').on(t.action, t.createdAt, t.id)],
);

export const uploads = pgTable(
  'uploads',
  {
    /** The file name under /uploads/: `<uuid>.webp`. */
    name: text('name').primaryKey(),
    bytes: integer('bytes').notNull(),
    /** The widths it is stored in: its smaller copies' (`<uuid>.w400.webp`…), then its own file's; none for pictures of before issue 15. */
    widths: integer('widths')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    uploadedBy: uuid('uploaded_by'),
    /** The picture's perceptual hash (issue 36: 64 bits, see photo_hashes), taken at upload; null before. */
    phash: bigint('phash', { mode: 'bigint' }),
    attachedAt: timestamp('attached_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('uploads_unattached_idx')
      .on(t.createdAt)
      .where(sql`${t.attachedAt} is null`),
  ],
);

export const categories = pgTable('categories', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  logo: text('logo').notNull(),
  position: integer('position').notNull().default(0),
});

/**
 * The model catalogue (issue 34, decision 057): each model of a brand (a category), with the names people type for it and
 * its Bangla spelling, and the variants (RAM / storage) it was sold in. The shipped ones are loaded from
 * seed-assets/phone-models.csv at every start (new ones added, none changed); an Admin adds more (`addedBy`). A model
 * is never deleted: listings and, later, the price guide point to it.
 */
export const phoneModels = pgTable(
  'phone_models',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    /** The model's name without its brand ("Galaxy S23 Ultra"). */
    name: text('name').notNull(),
    /** Its name in Bangla script ("গ্যালাক্সি এস২৩ আল্ট্রা"). */
    nameBn: text('name_bn').notNull(),
    /** Other names people type for it ("S23 Ultra", "S23U"): a search finds its listings by them. */
    aliases: text('aliases')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The configurations it was sold in, RAM and storage in GB, smallest first. */
    variants: jsonb('variants')
      .$type<{ ramGb: number; storageGb: number }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    year: integer('year'),
    /** Its part of an address ("galaxy-s23-ultra"): unique within its brand. */
    slug: text('slug').notNull(),
    /** The Admin who added it (null: shipped with the catalogue). */
    addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('phone_models_slug_key').on(t.categoryId, t.slug),
    uniqueIndex('phone_models_name_key').on(t.categoryId, sql`lower(${t.name})`),
    check('phone_models_slug_check', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check('phone_models_year_check', sql`${t.year} between 2000 and 2100`),
  ],
);

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    productName: text('product_name').notNull(),
    /** The cover: the first of `images` (the spec's single picture). */
    img: text('img').notNull(),
    /**
     * The listing's pictures in the seller's order (1 to 8), each with the widths it is stored in. Left empty on
     * insert (rows written by tools and older code), the trigger products_images makes it the cover alone.
     */
    images: jsonb('images')
      .$type<Picture[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    phoneNumber: text('phone_number').notNull(),
    /** The area in the seller's own words ("Mirpur 10"): the spec's location. */
    location: text('location').notNull(),
    /**
     * The district (issue 34: an id of packages/contract/src/places.ts, its division follows from it). Null on a listing
     * posted before districts whose location named none (the 'place-listings' job matched the others): its seller is
     * asked for one at the next edit.
     */
    district: text('district'),
    purchase: date('purchase', { mode: 'string' }).notNull(),
    originalPrice: integer('original_price').notNull(),
    resalePrice: integer('resale_price').notNull(),
    useYears: real('use_years').notNull(),
    condition: conditionEnum('condition').notNull(),
    description: text('description').notNull(),
    status: productStatusEnum('status').notNull().default('available'),
    /** The deal the phone is reserved for (issue 31: accepted, or paid protected, until its handover or its end). */
    heldBy: uuid('held_by').references((): AnyPgColumn => orders.id, { onDelete: 'set null' }),
    advertise: boolean('advertise').notNull().default(false),
    /**
     * When the listing leaves search unless its seller says it is still for sale (issue 36, decision 063): 60 days
     * (`listing_term_end()`) after it was posted, went live after a check, or was renewed (the trigger products_term
     * and the renewal); 'available' past it, the listing-expiry job makes it 'expired'.
     */
    expiresAt: timestamp('expires_at', { withTimezone: true })
      .notNull()
      .default(sql`listing_term_end()`),
    /** When its seller was told it expires soon (the reminder's "Still available"): once per term, cleared by a renewal. */
    expiryRemindedAt: timestamp('expiry_reminded_at', { withTimezone: true }),
    /** When its seller hid this sold listing (a sold listing is never deleted: its orders and reviews point to it; issue 29). */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    report: boolean('report').notNull().default(false),
    /** Specs and declarations (issue 15): null on listings posted before they were asked (migration 0010). */
    model: text('model'),
    storageGb: integer('storage_gb'),
    ramGb: integer('ram_gb'),
    colour: text('colour'),
    batteryHealth: integer('battery_health'),
    notLocked: boolean('not_locked'),
    boxAndCharger: boolean('box_and_charger'),
    warrantyMonths: integer('warranty_months'),
    /**
     * The handset's IMEI (15 digits): one live listing per handset (products_live_imei_key); a handset sold here may be
     * listed again, and its page tells its earlier sales (issue 31).
     */
    imei: text('imei'),
    /** The catalogue's model the seller picked, or matched from the phone's name (issue 34, decision 057). */
    phoneModelId: uuid('phone_model_id').references((): AnyPgColumn => phoneModels.id, { onDelete: 'restrict' }),
    /** The model the seller typed as "not in the list": flagged for an Admin to add to the catalogue. */
    unlistedModel: text('unlisted_model'),
    createdAt: createdAt(),
    /**
     * The words a search finds the phone by: its name (weight A), brand (B) and description (C),
     * written by the trigger products_search (migration 0006) on every insert and change.
     */
    search: tsvector('search')
      .notNull()
      .default(sql`''::tsvector`),
  },
  (t) => [
    index('products_category_idx').on(t.categoryId, t.status, t.createdAt, t.id),
    uniqueIndex('products_live_imei_key')
      .on(t.imei)
      .where(sql`${t.status} <> 'sold'`),
    index('products_imei_idx').on(t.imei),
    check('products_battery_health_check', sql`${t.batteryHealth} between 1 and 100`),
    check('products_images_check', sql`jsonb_array_length(${t.images}) between 1 and 8 and ${t.images} -> 0 ->> 'url' = ${t.img}`),
    check('products_imei_check', sql`${t.imei} ~ '^[0-9]{15}$'`),
    check('products_district_check', sql`${t.district} ~ '^[a-z]+(-[a-z]+)*$'`),
    check('products_model_check', sql`${t.phoneModelId} is null or ${t.unlistedModel} is null`),
    index('products_phone_model_idx').on(t.phoneModelId),
    index('products_unlisted_model_idx')
      .on(t.categoryId, sql`lower(${t.unlistedModel})`)
      .where(sql`${t.unlistedModel} is not null`),
    // Reserved exactly while a deal holds it: one deal at most, by construction.
    check('products_held_check', sql`(${t.status}::text = 'reserved') = (${t.heldBy} is not null)`),
    index('products_search_idx')
      .using('gin', t.search)
      .where(sql`${t.status} = 'available'`),
    index('products_price_idx')
      .on(t.resalePrice, t.id)
      .where(sql`${t.status} = 'available'`),
    index('products_available_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'available'`),
    index('products_advertised_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.advertise} and ${t.status} = 'available'`),
    index('products_seller_idx').on(t.sellerId, t.createdAt, t.id),
    // A seller's page counts their phones sold and on sale: from the index alone, not 25,000 rows of the table.
    index('products_seller_status_idx').on(t.sellerId, t.status),
    index('products_reported_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.report}`),
    index('products_created_idx').on(t.createdAt),
    // The listing-expiry job's look-ups: live listings by the day they expire.
    index('products_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'available'`),
  ],
);

/**
 * The price guide (issue 34, item 3; decision 058): per catalogue model, storage and condition, what such phones sold
 * for in completed deals of the last 90 days (the quartiles and median, recent sales weighing more) and what the ones
 * for sale ask. Counted again by the 'price-guide' job when a deal of the key completes or is refunded, a listing of
 * it is written, or the day's sweep finds the row a day old: a request reads one row.
 */
export const priceGuide = pgTable(
  'price_guide',
  {
    phoneModelId: uuid('phone_model_id')
      .notNull()
      .references(() => phoneModels.id, { onDelete: 'restrict' }),
    storageGb: integer('storage_gb').notNull(),
    condition: conditionEnum('condition').notNull(),
    sales: integer('sales').notNull().default(0),
    salesLow: integer('sales_low'),
    salesMedian: integer('sales_median'),
    salesHigh: integer('sales_high'),
    asking: integer('asking').notNull().default(0),
    askingLow: integer('asking_low'),
    askingMedian: integer('asking_median'),
    askingHigh: integer('asking_high'),
    countedAt: timestamp('counted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.phoneModelId, t.storageGb, t.condition] }), index('price_guide_counted_idx').on(t.countedAt)],
);

/**
 * The words of the available phones' search documents, each with how many of them hold it (the triggers of
 * decision 038 count; a word no available phone holds is forgotten): what a typo or an unfinished word in a
 * query is corrected to. Candidates come from the prefix, suffix and trigram indexes, levenshtein decides.
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey(), uses: integer('uses').notNull().default(0) }, (t) => [
  index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
  index('search_words_prefix_idx').using('btree', sql`${t.word} text_pattern_ops`),
  // A one-typo candidate keeps the first letter: its key is that letter before the reversed word (decision 038).
  index('search_words_first_suffix_idx').using('btree', sql`(left(${t.word}, 1) || reverse(${t.word})) text_pattern_ops`),
]);

/**
 * Every change to a phone that the in-process search index must hear of (decision 022): written by
 * triggers on products and on a seller's verified flag (migration 0008), read by each instance's index.
 */
export const searchChanges = pgTable('search_changes', {
  seq: bigserial('seq', { mode: 'number' }).primaryKey(),
  productId: uuid('product_id').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null once the product is deleted; the order keeps its own copy of name, price and image. */
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** Null once the buyer is deleted; their paid orders stay as history. */
    buyerId: uuid('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    /** The phone's seller when it was booked: whom a review of this order is of, whatever becomes of the listing (issue 29). */
    sellerId: uuid('seller_id').references(() => users.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    productPrice: integer('product_price').notNull(),
    productImg: text('product_img').notNull(),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    meetingLocation: text('meeting_location').notNull(),
    /** The meeting place's district (issue 34); null on bookings made before districts whose place named none. */
    meetingDistrict: text('meeting_district'),
    mobileNumber: text('mobile_number').notNull(),
    /** How the buyer pays (issue 31): cash at the meeting, or protected (through the site, which holds the money). */
    payWith: text('pay_with', { enum: payWays }).notNull().default('protected'),
    /** The meeting day (Bangladesh's calendar): after it, a deal not handed over may be called off by either side. */
    meetingDate: date('meeting_date', { mode: 'string' }).notNull(),
    /** Wrong handover codes entered so far: the fifth locks the deal. */
    handoverMisses: integer('handover_misses').notNull().default(0),
    /**
     * The site's fee on this deal if it completes paid through the site, in poisha: the terms in force when it was
     * booked (issue 32); 0 for a cash deal, and for deals booked before the site took a fee.
     */
    fee: integer('fee').notNull().default(0),
    /** When a protected deal's complaint window ends, set by its handover. */
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }),
    /**
     * Where the deal stands (packages/contract/src/deal.ts, decision 048): moved only along the process's
     * transitions, each one conditional update that a trigger checks and `order_events` records (who, when).
     */
    state: text('state', { enum: dealStates }).notNull().default('requested'),
    /** When the phone's seller accepted this booking: from then on its buyer sees the seller's number (issue 29), whatever follows. */
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** When the buyer took this paid order off their list: it stays, in every count and in the seller's and Admins' views. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('orders_state_check', sql.raw(`state in (${dealStates.map((d) => `'${d}'`).join(', ')})`)),
    check('orders_pay_with_check', sql.raw(`pay_with in (${payWays.map((d) => `'${d}'`).join(', ')})`)),
    check('orders_fee_check', sql`${t.fee} between 0 and ${t.productPrice} * 100`),
    check('orders_handover_misses_check', sql`${t.handoverMisses} between 0 and ${sql.raw(String(handoverTries))}`),
    index('orders_buyer_idx').on(t.buyerId, t.createdAt, t.id),
    // A seller's sales, newest first (their Earnings, issue 32).
    index('orders_seller_idx').on(t.sellerId, t.createdAt, t.id),
    index('orders_product_idx').on(t.productId),
    // A buyer has at most one unpaid booking per product, open, declined or closed; one they cancelled does not count.
    // (A paid or locked deal holds its phone: nobody books it meanwhile.)
    uniqueIndex('orders_one_open_per_buyer_product')
      .on(t.buyerId, t.productId)
      .where(sql`${t.state} in ('requested', 'accepted', 'declined', 'closed')`),
  ],
);

/**
 * A buyer's dispute of a protected deal in its complaint window (issue 31, decision 051): one per deal, kept for
 * good (a trigger refuses DELETE, and any change but the Admin's decision, made once).
 */
export const disputes = pgTable(
  'disputes',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id),
    reason: text('reason', { enum: disputeReasons }).notNull(),
    text: text('text').notNull(),
    /** The buyer's own uploads (up to 4), in the order they chose. */
    photos: jsonb('photos').$type<string[]>().notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    /** refund: all back to the buyer; release: all to the seller; split: `refund_amount` back, the rest to the seller. */
    decision: text('decision', { enum: ['refund', 'release', 'split'] }),
    /** With a split: the taka given back to the buyer. */
    refundAmount: integer('refund_amount'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('disputes_reason_check', sql.raw(`reason in (${disputeReasons.map((r) => `'${r}'`).join(', ')})`)),
    check('disputes_photos_check', sql`jsonb_array_length(${t.photos}) <= ${sql.raw(String(disputePhotos))}`),
    check('disputes_decided_check', sql`(${t.decision} is null) = (${t.decidedAt} is null)`),
    check('disputes_split_check', sql`(${t.decision} = 'split') = (${t.refundAmount} is not null)`),
    index('disputes_open_idx')
      .on(t.openedAt)
      .where(sql`${t.decision} is null`),
  ],
);

/**
 * An Admin's question to one side of a dispute, and the sides' answers (issue 32): appended, never changed (a
 * trigger), read by both sides and the Admins.
 */
export const disputeMessages = pgTable(
  'dispute_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => disputes.orderId),
    fromRole: text('from_role', { enum: ['admin', 'buyer', 'seller'] }).notNull(),
    /** Who wrote it (no foreign key: the thread is history, whatever becomes of the account). */
    fromId: uuid('from_id'),
    /** Whom an Admin's question asks; null for an answer. */
    toRole: text('to_role', { enum: ['buyer', 'seller'] }),
    text: text('text').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('dispute_messages_to_check', sql`(${t.fromRole} = 'admin') = (${t.toRole} is not null)`),
    index('dispute_messages_order_idx').on(t.orderId, t.at),
  ],
);

/**
 * A deal's history (decision 048): one row per transition, who made it (their role, and their id while the account
 * exists; none for the site's own), from which state to which, when. Append-only: a trigger refuses UPDATE and
 * DELETE, and the row names its order by id without a foreign key, so it outlives a deleted booking.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order events were written in: a deal's timeline, also for two moves within one transaction (one `at`). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    orderId: uuid('order_id').notNull(),
    transition: text('transition', { enum: dealTransitionNames }).notNull(),
    /** Null for the transition that starts a deal. */
    fromState: text('from_state', { enum: dealStates }),
    toState: text('to_state', { enum: dealStates }).notNull(),
    actorRole: text('actor_role', { enum: dealActors }).notNull(),
    actorId: uuid('actor_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.seq)],
);

/** Where a notification's e-mail is (notifications.mail). */
export const notificationMailStates = ['due', 'queued', 'skipped'] as const;

/**
 * What a person was told (issue 31): one row per move of a deal per party it concerns (deal.ts `tells`), written in
 * the same statement as the move. The phone's name is the deal's own copy; the order is named by id without a foreign
 * key (a removed booking's notification stays, without its link). Gone with the person's account.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: notificationKinds }).notNull(),
    orderId: uuid('order_id'),
    productName: text('product_name').notNull(),
    /** What its words need besides the phone's name (contract's NotificationParams: a saved phone's prices, a listing's days left…); null for most kinds. */
    params: jsonb('params').$type<NotificationParams>(),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /**
     * Its e-mail: 'due' until its job (kind 'notification-mail', queued with it) decides, then 'queued' (a mail in the
     * outbox) or 'skipped' (switched off, an unconfirmed address, or made before e-mails were sent).
     */
    mail: text('mail', { enum: notificationMailStates }).notNull().default('due'),
  },
  (t) => [
    check('notifications_mail_check', sql`${t.mail} in (${sql.raw(notificationMailStates.map((n) => `'${n}'`).join(', '))})`),
    index('notifications_user_idx').on(t.userId, t.createdAt, t.id),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);

/**
 * Payment records are history: they are never deleted and keep their own copies,
 * so they reference orders and products by id without foreign keys.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id').notNull().unique(),
    productId: uuid('product_id').notNull(),
    buyerId: uuid('buyer_id'),
    buyerName: text('buyer_name').notNull(),
    productName: text('product_name').notNull(),
    productPrice: integer('product_price').notNull(),
    transactionId: text('transaction_id').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [
    index('payments_buyer_idx').on(t.buyerId),
    // A phone may be paid again once a payment for it was refunded (a deal called off, issue 31); one deal holds it
    // at a time (products.held_by), and it is sold once, at its handover.
    index('payments_product_idx').on(t.productId),
  ],
);

/**
 * Money given back (issue 17): one refund per payment taken (the provider's payment id), in full. It is made
 * when a payment cannot settle its order (the phone was sold meanwhile, the order was paid already) or when an
 * Admin refunds a paid order. A job asks the provider until it confirms; the row is history: never deleted,
 * and once refunded never changed (a trigger). Like payments, it names its order by id without a foreign key.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id').notNull(),
    /** Which provider took the money ('sandbox', 'stripe'), and its id of that payment. */
    provider: text('provider').notNull(),
    paymentId: text('payment_id').notNull(),
    /** In poisha, as the provider took it (not the order's price, which may differ). */
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    /** The Admin who asked for it; null when the site refunded a payment it could not settle. */
    requestedBy: uuid('requested_by'),
    status: text('status', { enum: ['pending', 'refunded'] })
      .notNull()
      .default('pending'),
    /** The provider's id of the refund, and when it confirmed it. */
    providerRefundId: text('provider_refund_id'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refunds_payment_key').on(t.paymentId),
    index('refunds_order_idx').on(t.orderId, t.createdAt),
    check('refunds_status_check', sql`(${t.status} = 'refunded') = (${t.refundedAt} is not null and ${t.providerRefundId} is not null)`),
  ],
);

/**
 * The durable job queue (issues 17, 19): work that must happen even if this process stops now (a refund until the
 * provider confirms it, a mail until SMTP takes it, a picture's smaller copies). A worker in each instance claims
 * due jobs with SKIP LOCKED under a lease it renews while the job runs, and marks them done, or tries again after
 * a back-off; a job whose worker died is another's once the lease runs out (decision 036).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** Whose the job is while it runs: a new random value per claim, so a worker that lost its lease cannot mark it. */
    lockedBy: uuid('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.doneAt} is null`),
    index('jobs_done_idx')
      .on(t.doneAt)
      .where(sql`${t.doneAt} is not null`),
  ],
);

/**
 * A buyer's review of the seller after a paid order (issue 16): one per order (reviews_order_key), 1 to 5 stars
 * and an optional text, which its writer may change for 30 days; the seller answers once. Like payments, it
 * names its order by id without a foreign key: a buyer clearing the order from their list keeps the review.
 * The reviewer's and the phone's names are copies; a deleted buyer's review stays, a deleted seller's go.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id').notNull(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reviewerId: uuid('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    reviewerName: text('reviewer_name').notNull(),
    productName: text('product_name').notNull(),
    stars: smallint('stars').notNull(),
    text: text('text'),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reviews_order_key').on(t.orderId),
    index('reviews_seller_idx').on(t.sellerId, t.createdAt, t.id),
    check('reviews_stars_check', sql`${t.stars} between 1 and 5`),
    check('reviews_text_check', sql`char_length(${t.text}) <= 1000 and char_length(${t.answer}) <= 1000`),
  ],
);

/**
 * The payment sandbox's own records, standing in for the card processor's side:
 * our orders and payments never hold card details.
 */
export const sandboxIntents = pgTable('sandbox_intents', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull().unique(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  orderId: uuid('order_id').notNull(),
  status: text('status', { enum: ['requires_payment_method', 'succeeded'] })
    .notNull()
    .default('requires_payment_method'),
  lastError: text('last_error'),
  /** The sandbox's refund of a succeeded intent (one, in full or in part), as Stripe answers a refund, and its amount. */
  refundId: text('refund_id'),
  refundAmount: integer('refund_amount'),
  createdAt: createdAt(),
});

/**
 * Our side of bKash payments (issue 17): each payment we created at bKash, for which order and amount, and its
 * trxID once bKash completed it (the transaction id of the order's payment). The callback finds the order here,
 * never in what the browser brings back.
 */
export const bkashPayments = pgTable(
  'bkash_payments',
  {
    paymentId: text('payment_id').primaryKey(),
    orderId: uuid('order_id').notNull(),
    /** In taka, the order's price when the payment was created. */
    amount: integer('amount').notNull(),
    status: text('status', { enum: ['created', 'completed', 'failed', 'cancelled'] })
      .notNull()
      .default('created'),
    trxId: text('trx_id').unique(),
    message: text('message'),
    createdAt: createdAt(),
  },
  (t) => [index('bkash_payments_order_idx').on(t.orderId)],
);

/**
 * The bKash stand-in's own records (issue 17), standing in for bKash's side of Tokenized Checkout in demos and
 * tests: each payment a merchant created, what the wallet page did with it, and its refund. Amounts are
 * bKash's decimal strings ('45000.00').
 */
export const bkashSandboxPayments = pgTable('bkash_sandbox_payments', {
  paymentId: text('payment_id').primaryKey(),
  /** The merchant's app key: another merchant's calls never see this payment. */
  appKey: text('app_key').notNull(),
  amount: text('amount').notNull(),
  currency: text('currency').notNull(),
  merchantInvoiceNumber: text('merchant_invoice_number').notNull(),
  payerReference: text('payer_reference').notNull(),
  callbackUrl: text('callback_url').notNull(),
  /** Initiated → (wallet page) Authorized, Failed or Cancelled → (execute) Completed. */
  status: text('status', { enum: ['Initiated', 'Authorized', 'Completed', 'Failed', 'Cancelled'] })
    .notNull()
    .default('Initiated'),
  wallet: text('wallet'),
  wrongPins: integer('wrong_pins').notNull().default(0),
  trxId: text('trx_id').unique(),
  executedAt: timestamp('executed_at', { withTimezone: true }),
  refundTrxId: text('refund_trx_id').unique(),
  /** As bKash writes amounts: what the refund gave back (all of it, or part). */
  refundAmount: text('refund_amount'),
  refundedAt: timestamp('refunded_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Stripe webhook events already handled: Stripe may deliver one event more than once. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Authorization codes of the local OpenID Connect provider (the stand-in for Google when
 * no client is configured): short-lived and single-use, so kept here rather than in memory.
 * Only a hash of each code is stored.
 */
export const oidcCodes = pgTable(
  'oidc_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    clientId: text('client_id').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    codeChallenge: text('code_challenge').notNull(),
    nonce: text('nonce'),
    subject: text('subject').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('oidc_codes_expires_idx').on(t.expiresAt)],
);

/**
 * The ledger's accounts (issue 32, decision 052): one per kind and owner (a seller's held, available and payouts;
 * a provider's world side; the site's fees, refunds owed, adjustments), named by its key (`seller:<id>`,
 * `provider:bkash`, `fees`). Its balance is the sum of its lines, kept by a trigger on every line written; an
 * account is never deleted and never changes kind or owner (a trigger). Owners are named without a foreign key:
 * a deleted seller's money stays on the books.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    key: text('key').primaryKey(),
    kind: text('kind', { enum: ledgerAccountKinds }).notNull(),
    ownerId: uuid('owner_id'),
    /** In poisha: the sum of the account's lines. */
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
  },
  () => [check('ledger_accounts_kind_check', sql.raw(`kind in (${ledgerAccountKinds.map((k) => `'${k}'`).join(', ')})`))],
);

/**
 * An entry of the ledger: one movement of money, its lines summing to zero (a trigger checks it at commit), caused
 * by one thing (`cause`, `cause_id`: a payment's provider id, a deal, a refund, a payout, an adjustment), written once
 * for it (the unique key), and never changed or deleted (triggers).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cause: text('cause', { enum: ledgerCauses }).notNull(),
    causeId: text('cause_id').notNull(),
    /** The deal it moved money of, if any. */
    orderId: uuid('order_id'),
    /** Why, in words (an Admin's reason, a provider's answer). */
    memo: text('memo'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('ledger_entries_cause_check', sql.raw(`cause in (${ledgerCauses.map((k) => `'${k}'`).join(', ')})`)),
    uniqueIndex('ledger_entries_cause_key').on(t.cause, t.causeId),
    index('ledger_entries_order_idx').on(t.orderId),
  ],
);

/** The lines of an entry: an amount in poisha (never 0) to or from one account. Append-only, like its entry. */
export const ledgerLines = pgTable(
  'ledger_lines',
  {
    entryId: uuid('entry_id')
      .notNull()
      .references(() => ledgerEntries.id),
    account: text('account')
      .notNull()
      .references(() => ledgerAccounts.key),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entryId, t.account] }),
    check('ledger_lines_amount_check', sql`${t.amount} <> 0`),
    index('ledger_lines_account_idx').on(t.account, t.entryId),
  ],
);

/**
 * The SMS outbox (issue 32): each text message with the job that sends it through the gateway. Without a gateway it
 * waits here for an Admin to read (as mails do without SMTP); once the gateway took it, its body goes (a one-time
 * code is a secret) and the record of sending stays.
 */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What it is for ('payout-number'). */
    kind: text('kind').notNull(),
    /** The number as the gateway takes it: 8801XXXXXXXXX. */
    toNumber: text('to_number').notNull(),
    body: text('body'),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** The gateway's id of the message. */
    reference: text('reference'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('sms_messages_created_idx').on(t.createdAt, t.id)],
);

/** What the SMS gateway's local stand-in received (issue 32): the phones' side, for tests and demos. */
export const smsSandboxMessages = pgTable('sms_sandbox_messages', {
  csmsId: text('csms_id').primaryKey(),
  msisdn: text('msisdn').notNull(),
  body: text('body').notNull(),
  referenceId: text('reference_id').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One-time codes sent by SMS (issue 32): only an HMAC of each is kept, it ends 10 minutes after it was sent, takes
 * 5 tries, and is used once. A new code for the same person and purpose replaces the one before.
 */
export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['payout-number', 'seller-number'] }).notNull(),
    /** The number it was sent to (01XXXXXXXXX). */
    number: text('number').notNull(),
    codeHash: text('code_hash').notNull(),
    tries: integer('tries').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('phone_codes_user_idx').on(t.userId, t.purpose, t.createdAt)],
);

/**
 * Where a seller is paid (issue 32): a bKash wallet, confirmed by an SMS code before it receives money, or a bank
 * account (checked for form). One per seller; a payout keeps its own copy of where it went.
 */
export const payoutMethods = pgTable(
  'payout_methods',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['bkash', 'bank'] }).notNull(),
    wallet: text('wallet'),
    accountName: text('account_name'),
    accountNumber: text('account_number'),
    bankName: text('bank_name'),
    routingNumber: text('routing_number'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'payout_methods_kind_check',
      sql`(${t.kind} = 'bkash' and ${t.wallet} is not null and ${t.accountNumber} is null) or (${t.kind} = 'bank' and ${t.wallet} is null and ${t.accountName} is not null and ${t.accountNumber} is not null and ${t.bankName} is not null and ${t.routingNumber} is not null)`,
    ),
  ],
);

/**
 * A payout of a seller's available money (issue 32): asked by the seller or made weekly, to the method they had then
 * (its copy here). A bKash payout is a durable job that asks bKash once under the payout's id and asks again (a query)
 * after a crash; a bank payout goes out in an Admin's batch file. It moves requested → sending → paid or failed only
 * (a trigger), is never deleted, and a seller has at most one open at a time (the unique index).
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** No foreign key: a payout is history, whatever becomes of the account. */
    sellerId: uuid('seller_id').notNull(),
    /** In poisha. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    method: text('method', { enum: ['bkash', 'bank'] }).notNull(),
    /** Where it goes, as the method said when it was made: the wallet, or the bank account's details. */
    destination: jsonb('destination').$type<Record<string, string>>().notNull(),
    state: text('state', { enum: ['requested', 'sending', 'paid', 'failed'] })
      .notNull()
      .default('requested'),
    /** Who asked: the seller, or the weekly round. */
    cause: text('cause', { enum: ['asked', 'weekly'] }).notNull(),
    /** The provider's id of it (bKash's trxID), or the bank batch it went out in. */
    providerRef: text('provider_ref'),
    batchId: uuid('batch_id'),
    failure: text('failure'),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    check('payouts_amount_check', sql`${t.amount} > 0`),
    check('payouts_settled_check', sql`(${t.state} in ('paid', 'failed')) = (${t.settledAt} is not null)`),
    index('payouts_seller_idx').on(t.sellerId, t.createdAt, t.id),
    uniqueIndex('payouts_one_open_per_seller')
      .on(t.sellerId)
      .where(sql`${t.state} in ('requested', 'sending')`),
    index('payouts_state_idx').on(t.state, t.method),
  ],
);

/** What the bKash stand-in paid out to wallets (issue 32): bKash's side of its disbursements, one per merchant invoice number. */
export const bkashSandboxPayouts = pgTable('bkash_sandbox_payouts', {
  invoice: text('invoice').primaryKey(),
  receiver: text('receiver').notNull(),
  /** As bKash writes amounts: '1234.50'. */
  amount: text('amount').notNull(),
  trxId: text('trx_id').notNull().unique(),
  completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A conversation (issue 33): one per phone and buyer, between the buyer and the phone's seller. The phone's name is a
 * copy (the thread outlives a deleted listing). Each side's read position (`*_read_seq`: the last message of the other
 * side they read, the other side's receipt), unread count (the other side's messages after it) and digest position
 * (`*_digested_seq`: what the e-mail digest has told them of) live here, kept by the service in the message's
 * transaction, so the inbox and the header's total are one read.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productName: text('product_name').notNull(),
    lastSeq: integer('last_seq').notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    buyerReadSeq: integer('buyer_read_seq').notNull().default(0),
    sellerReadSeq: integer('seller_read_seq').notNull().default(0),
    buyerUnread: integer('buyer_unread').notNull().default(0),
    sellerUnread: integer('seller_unread').notNull().default(0),
    buyerDigestedSeq: integer('buyer_digested_seq').notNull().default(0),
    sellerDigestedSeq: integer('seller_digested_seq').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('conversations_product_buyer_key').on(t.productId, t.buyerId),
    check('conversations_two_people_check', sql`${t.buyerId} <> ${t.sellerId}`),
    check('conversations_counts_check', sql`${t.buyerUnread} >= 0 and ${t.sellerUnread} >= 0 and ${t.lastSeq} >= 0`),
    index('conversations_buyer_idx').on(t.buyerId, t.lastMessageAt, t.id),
    index('conversations_seller_idx').on(t.sellerId, t.lastMessageAt, t.id),
  ],
);

/**
 * A message of a conversation (issue 33), numbered in it by `seq` from 1. Its words and photos never change (a
 * trigger refuses UPDATE); it goes only with its conversation. `signs`: what the scam detector found in it.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    senderId: uuid('sender_id').notNull(),
    body: text('body').notNull(),
    images: jsonb('images').$type<Picture[]>().notNull().default([]),
    signs: text('signs')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('messages_conversation_seq_key').on(t.conversationId, t.seq),
    check('messages_body_check', sql`char_length(${t.body}) <= 2000 and (${t.body} <> '' or jsonb_array_length(${t.images}) > 0)`),
    check('messages_images_check', sql`jsonb_typeof(${t.images}) = 'array' and jsonb_array_length(${t.images}) <= 4`),
  ],
);

/** Who blocked whom (issue 33): no message goes either way between them while the row is there. */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    check('blocks_other_check', sql`${t.blockerId} <> ${t.blockedId}`),
    index('blocks_blocked_idx').on(t.blockedId),
  ],
);

/**
 * A phone a person saved (issue 34): once per person and phone, gone with the person's account. The phone is named
 * by id without a foreign key, with a copy of its name: a saved phone that is deleted stays on the person's Saved
 * page, marked removed (decision 054). By product: its savers (told of a price drop or a sale) and its count.
 */
export const favourites = pgTable(
  'favourites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').notNull(),
    productName: text('product_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('favourites_user_product_key').on(t.userId, t.productId),
    index('favourites_user_idx').on(t.userId, t.createdAt, t.id),
    index('favourites_product_idx').on(t.productId),
  ],
);

/**
 * A person's saved search (issue 34, decision 056): its filters as saved (`query`, shown back and opened as a search) and
 * laid out for matching a new or newly cheaper phone: `anchor`, the one key a matching phone surely has (one of its words,
 * or its brand, with its district or division joined on; or '*'), looked up by index; the rest checked in the same
 * statement on the few found.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    query: jsonb('query').$type<Record<string, unknown>>().notNull(),
    /** The query as one canonical text: a person keeps each search once. */
    queryKey: text('query_key').notNull(),
    frequency: text('frequency', { enum: ['instant', 'daily'] }).notNull(),
    anchor: text('anchor').notNull(),
    /** Its words as the search reads them (a Bangla brand word as its English one): a phone's words must hold them all. */
    words: text('words').array().notNull(),
    categories: uuid('categories').array().notNull(),
    conditions: text('conditions').array().notNull(),
    minPrice: integer('min_price'),
    maxPrice: integer('max_price'),
    /** The area's words in lower case (a place that names no district or division). */
    area: text('area'),
    district: text('district'),
    division: text('division'),
    verified: boolean('verified').notNull(),
    storage: integer('storage').array().notNull(),
    minBattery: integer('min_battery'),
    createdAt: createdAt(),
    /** When its last daily mail went (daily searches). */
    digestAt: timestamp('digest_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('saved_searches_user_query_key').on(t.userId, t.queryKey),
    check('saved_searches_frequency_check', sql`${t.frequency} in ('instant', 'daily')`),
    index('saved_searches_anchor_idx').on(t.anchor),
    index('saved_searches_user_idx').on(t.userId, t.createdAt),
  ],
);

/** A phone a saved search matched (issue 34): once per search and phone, whatever happens to its price later. */
export const searchAlerts = pgTable(
  'search_alerts',
  {
    savedSearchId: uuid('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Its price when it matched. */
    price: integer('price').notNull(),
    createdAt: createdAt(),
    /** When its person was told: at once (instant), or by the day's mail (daily; null until then). */
    toldAt: timestamp('told_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.savedSearchId, t.productId] }),
    index('search_alerts_untold_idx')
      .on(t.savedSearchId)
      .where(sql`${t.toldAt} is null`),
  ],
);

/** A person's report of a message of the other side (issue 33), once per message and reporter; an Admin resolves it. */
export const messageReports = pgTable(
  'message_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    text: text('text'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolution: text('resolution'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('message_reports_message_reporter_key').on(t.messageId, t.reporterId),
    index('message_reports_open_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.resolvedAt} is null`),
    index('message_reports_conversation_idx').on(t.conversationId),
  ],
);

/**
 * A person's live stream (issue 33, decision 053): each event they should see at once — a message of one of their
 * threads, a read receipt, a notification — numbered by `id` across everyone. Written in the transaction of what it
 * tells (notifications' by a trigger), so a stream that reconnects with its last id gets what it missed. Kept two days.
 */
export const userEvents = pgTable(
  'user_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').notNull(),
    type: text('type', { enum: ['message', 'read', 'notification'] }).notNull(),
    data: jsonb('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [index('user_events_user_idx').on(t.userId, t.id), index('user_events_created_idx').on(t.createdAt)],
);

/** A browser's Web Push subscription (issue 33): where its push service takes our messages for the person signed in there. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * The browsers a person signed in from (issue 34, decision 059): a long-lived random cookie each browser is given at its
 * first sign-in, kept here only as its SHA-256. Two accounts signed in from one browser share a row's `device`: the
 * price guide leaves their deals with each other out (and the risk signals of issue 36 can see them).
 */
export const userDevices = pgTable(
  'user_devices',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The SHA-256 of the browser's `device` cookie, hex. */
    device: text('device').notNull(),
    firstSeen: timestamp('first_seen', { withTimezone: true }).notNull().defaultNow(),
    lastSeen: timestamp('last_seen', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.device] }), index('user_devices_device_idx').on(t.device)],
);

/**
 * A listing held for a person's check (issue 36, decision 061): the risk signals it was held for, then an Admin's
 * decision with its reason (written once). At most one open per listing; an approved one's signals do not hold the
 * listing again at its next edit. Gone with the listing (the audit log keeps the decision).
 */
export const listingChecks = pgTable(
  'listing_checks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    signals: jsonb('signals').$type<RiskSignal[]>().notNull(),
    heldAt: timestamp('held_at', { withTimezone: true }).notNull().defaultNow(),
    /** The hours a check usually took when it was held (CHECK_HOURS then): what its seller was told. */
    hours: integer('hours').notNull(),
    /** An Admin's 'approved' or 'rejected'; 'cleared' when the seller's edit left no signal (no Admin then). */
    decision: text('decision', { enum: ['approved', 'rejected', 'cleared'] }),
    reason: text('reason'),
    decidedBy: uuid('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('listing_checks_open_key')
      .on(t.productId)
      .where(sql`${t.decidedAt} is null`),
    index('listing_checks_queue_idx')
      .on(t.heldAt, t.id)
      .where(sql`${t.decidedAt} is null`),
    index('listing_checks_product_idx').on(t.productId, t.heldAt),
    check(
      'listing_checks_decided_check',
      sql`(${t.decision} is null) = (${t.decidedAt} is null) and (${t.decidedBy} is not null) = (${t.decision} in ('approved', 'rejected')) and (${t.decision} = 'rejected') <= (${t.reason} is not null)`,
    ),
    check('listing_checks_signals_check', sql`jsonb_typeof(${t.signals}) = 'array' and jsonb_array_length(${t.signals}) > 0`),
  ],
);

/**
 * The perceptual hash of every listing photo (issue 36): 64 bits, split into five bands (13, 13, 13, 13 and 12 bits),
 * each indexed: two hashes fewer than 5 bits apart share a band, so a look-up reads five index ranges, not the table.
 * Kept when the listing goes (a removed scam's photos are what the next one reuses): no foreign keys.
 */
export const photoHashes = pgTable(
  'photo_hashes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    hash: bigint('hash', { mode: 'bigint' }).notNull(),
    sellerId: uuid('seller_id').notNull(),
    productId: uuid('product_id').notNull(),
    url: text('url').notNull(),
    b0: integer('b0').generatedAlwaysAs(sql`((hash >> 51) & 8191)::integer`),
    b1: integer('b1').generatedAlwaysAs(sql`((hash >> 38) & 8191)::integer`),
    b2: integer('b2').generatedAlwaysAs(sql`((hash >> 25) & 8191)::integer`),
    b3: integer('b3').generatedAlwaysAs(sql`((hash >> 12) & 8191)::integer`),
    b4: integer('b4').generatedAlwaysAs(sql`(hash & 4095)::integer`),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('photo_hashes_product_url_key').on(t.productId, t.url),
    index('photo_hashes_b0_idx').on(t.b0),
    index('photo_hashes_b1_idx').on(t.b1),
    index('photo_hashes_b2_idx').on(t.b2),
    index('photo_hashes_b3_idx').on(t.b3),
    index('photo_hashes_b4_idx').on(t.b4),
  ],
);

/**
 * Handsets with a past (issue 36): an IMEI whose listing an Admin removed or rejected, or that someone reported as
 * stolen. A new listing of one is held for a check. Kept when the listing goes.
 */
export const imeiFlags = pgTable(
  'imei_flags',
  {
    imei: text('imei').notNull(),
    why: text('why', { enum: ['removed', 'stolen'] }).notNull(),
    productId: uuid('product_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.imei, t.why] }), check('imei_flags_imei_check', sql`${t.imei} ~ '^[0-9]{15}$'`)],
);
