DROP INDEX "orders_buyer_idx";--> statement-breakpoint
DROP INDEX "products_category_idx";--> statement-breakpoint
DROP INDEX "products_advertised_idx";--> statement-breakpoint
DROP INDEX "products_seller_idx";--> statement-breakpoint
DROP INDEX "products_reported_idx";--> statement-breakpoint
DROP INDEX "users_role_idx";--> statement-breakpoint
CREATE INDEX "orders_buyer_idx" ON "orders" USING btree ("buyer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "products_advertised_idx" ON "products" USING btree ("created_at","id") WHERE "products"."advertise" and "products"."status" = 'available';--> statement-breakpoint
CREATE INDEX "products_seller_idx" ON "products" USING btree ("seller_id","created_at","id");--> statement-breakpoint
CREATE INDEX "products_reported_idx" ON "products" USING btree ("created_at","id") WHERE "products"."report";--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role","created_at","id");