DROP INDEX "orders_one_open_per_buyer_product";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "seller_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_open_per_buyer_product" ON "orders" USING btree ("buyer_id","product_id") WHERE not "orders"."paid" and "orders"."cancelled_at" is null;--> statement-breakpoint
-- Issue 29: every order records its phone's seller (whom its review is of), taken from the phone while it is there.
UPDATE "orders" SET "seller_id" = "products"."seller_id" FROM "products" WHERE "products"."id" = "orders"."product_id" AND "orders"."seller_id" IS NULL;
