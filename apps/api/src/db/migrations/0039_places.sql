ALTER TABLE "orders" ADD COLUMN "meeting_district" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "district" text;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_district_check" CHECK ("products"."district" ~ '^[a-z]+(-[a-z]+)*$');--> statement-breakpoint
-- Listings and bookings made before districts name their place in free words: the 'place-listings' job (issue 34)
-- matches them with the places' names in English, Bangla and older spellings, in batches.
INSERT INTO "jobs" ("kind", "payload") SELECT 'place-listings', '{}'::jsonb WHERE EXISTS (SELECT 1 FROM "products") OR EXISTS (SELECT 1 FROM "orders");
