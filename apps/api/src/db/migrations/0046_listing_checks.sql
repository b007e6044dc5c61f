-- Issue 36 (decision 061): listings held for a check (status 'pending', listing_checks), the perceptual hashes of listing
-- photos in five indexed bands (photo_hashes) and of uploads (uploads.phash), and IMEIs with a past (imei_flags). The new
-- enum value is not used in this migration: PostgreSQL lets a transaction use it only after it commits.
ALTER TYPE "public"."product_status" ADD VALUE 'pending' BEFORE 'available';--> statement-breakpoint
CREATE TABLE "imei_flags" (
	"imei" text NOT NULL,
	"why" text NOT NULL,
	"product_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "imei_flags_imei_why_pk" PRIMARY KEY("imei","why"),
	CONSTRAINT "imei_flags_imei_check" CHECK ("imei_flags"."imei" ~ '^[0-9]{15}$')
);
--> statement-breakpoint
CREATE TABLE "listing_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"signals" jsonb NOT NULL,
	"held_at" timestamp with time zone DEFAULT now() NOT NULL,
	"hours" integer NOT NULL,
	"decision" text,
	"reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	CONSTRAINT "listing_checks_decided_check" CHECK (("listing_checks"."decision" is null) = ("listing_checks"."decided_at" is null) and ("listing_checks"."decided_by" is not null) = ("listing_checks"."decision" in ('approved', 'rejected')) and ("listing_checks"."decision" = 'rejected') <= ("listing_checks"."reason" is not null)),
	CONSTRAINT "listing_checks_signals_check" CHECK (jsonb_typeof("listing_checks"."signals") = 'array' and jsonb_array_length("listing_checks"."signals") > 0)
);
--> statement-breakpoint
CREATE TABLE "photo_hashes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"hash" bigint NOT NULL,
	"seller_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"url" text NOT NULL,
	"b0" integer GENERATED ALWAYS AS (((hash >> 51) & 8191)::integer) STORED,
	"b1" integer GENERATED ALWAYS AS (((hash >> 38) & 8191)::integer) STORED,
	"b2" integer GENERATED ALWAYS AS (((hash >> 25) & 8191)::integer) STORED,
	"b3" integer GENERATED ALWAYS AS (((hash >> 12) & 8191)::integer) STORED,
	"b4" integer GENERATED ALWAYS AS ((hash & 4095)::integer) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_mail_off_check";--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "phash" bigint;--> statement-breakpoint
ALTER TABLE "listing_checks" ADD CONSTRAINT "listing_checks_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "listing_checks_open_key" ON "listing_checks" USING btree ("product_id") WHERE "listing_checks"."decided_at" is null;--> statement-breakpoint
CREATE INDEX "listing_checks_queue_idx" ON "listing_checks" USING btree ("held_at","id") WHERE "listing_checks"."decided_at" is null;--> statement-breakpoint
CREATE INDEX "listing_checks_product_idx" ON "listing_checks" USING btree ("product_id","held_at");--> statement-breakpoint
CREATE UNIQUE INDEX "photo_hashes_product_url_key" ON "photo_hashes" USING btree ("product_id","url");--> statement-breakpoint
CREATE INDEX "photo_hashes_b0_idx" ON "photo_hashes" USING btree ("b0");--> statement-breakpoint
CREATE INDEX "photo_hashes_b1_idx" ON "photo_hashes" USING btree ("b1");--> statement-breakpoint
CREATE INDEX "photo_hashes_b2_idx" ON "photo_hashes" USING btree ("b2");--> statement-breakpoint
CREATE INDEX "photo_hashes_b3_idx" ON "photo_hashes" USING btree ("b3");--> statement-breakpoint
CREATE INDEX "photo_hashes_b4_idx" ON "photo_hashes" USING btree ("b4");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_mail_off_check" CHECK ("users"."mail_off" <@ array['book', 'accept', 'decline', 'expire', 'cancel', 'pay', 'hand_over', 'complete', 'dispute', 'release', 'close', 'lock', 'call_off', 'refund', 'remind', 'review', 'report_dismissed', 'report_upheld', 'listing_removed', 'listings_suspended', 'listings_reinstated', 'dispute_question', 'payout_paid', 'payout_failed', 'payout_method_changed', 'messages', 'saved_price_drop', 'saved_sold', 'search_alert', 'listing_held', 'listing_approved', 'listing_rejected']::text[]);