ALTER TYPE "public"."product_status" ADD VALUE 'expired';--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_mail_off_check";--> statement-breakpoint
-- A listing's term (issue 36, decision 063): 60 days, in whole seconds (the "Still available" link names its term by them).
CREATE FUNCTION listing_term_end() RETURNS timestamptz LANGUAGE sql STABLE AS $$ SELECT date_trunc('second', now()) + interval '60 days' $$;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "expires_at" timestamp with time zone DEFAULT listing_term_end() NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "expiry_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_confirmed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "products_expiry_idx" ON "products" USING btree ("expires_at") WHERE "products"."status" = 'available';--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_key" ON "users" USING btree ("phone");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_phone_check" CHECK (("users"."phone" is null) = ("users"."phone_confirmed_at" is null) and "users"."phone" ~ '^01[3-9][0-9]{8}$');--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_mail_off_check" CHECK ("users"."mail_off" <@ array['book', 'accept', 'decline', 'expire', 'cancel', 'pay', 'hand_over', 'complete', 'dispute', 'release', 'close', 'lock', 'call_off', 'refund', 'remind', 'review', 'report_dismissed', 'report_upheld', 'listing_removed', 'listings_suspended', 'listings_reinstated', 'dispute_question', 'payout_paid', 'payout_failed', 'payout_method_changed', 'messages', 'saved_price_drop', 'saved_sold', 'saved_expired', 'search_alert', 'listing_held', 'listing_approved', 'listing_rejected', 'listing_expiring', 'listing_expired', 'seller_verified']::text[]);--> statement-breakpoint
-- A listing that goes live after a check, or comes back after it expired, starts a new term (whoever's statement did it).
CREATE FUNCTION products_term() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status::text = 'available' AND OLD.status::text IN ('pending', 'expired') THEN
    NEW.expires_at := listing_term_end();
    NEW.expiry_reminded_at := NULL;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_term BEFORE UPDATE OF status ON products FOR EACH ROW EXECUTE FUNCTION products_term();--> statement-breakpoint
-- A seller's bKash wallet confirmed by its SMS code (issue 32) is a mobile number they proved: their number is verified.
-- One number, one account: a wallet two sellers confirmed is the first one's.
UPDATE "users" SET "phone" = pm."wallet", "phone_confirmed_at" = pm."confirmed_at"
  FROM (SELECT DISTINCT ON ("wallet") "user_id", "wallet", "confirmed_at" FROM "payout_methods"
        WHERE "kind" = 'bkash' AND "confirmed_at" IS NOT NULL AND "wallet" ~ '^01[3-9][0-9]{8}$'
        ORDER BY "wallet", "confirmed_at", "user_id") pm
  WHERE pm."user_id" = "users"."id";--> statement-breakpoint
-- Photos of listings posted before they were hashed (0046): the 'photo-hashes' job hashes them from the stored pictures.
INSERT INTO "jobs" ("kind", "payload") SELECT 'photo-hashes', '{}'::jsonb WHERE EXISTS (SELECT 1 FROM "products");
