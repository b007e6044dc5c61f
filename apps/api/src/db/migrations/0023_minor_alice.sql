DROP INDEX "orders_one_open_per_buyer_product";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_open_per_buyer_product" ON "orders" USING btree ("buyer_id","product_id") WHERE not "orders"."paid" and "orders"."cancelled_at" is null;