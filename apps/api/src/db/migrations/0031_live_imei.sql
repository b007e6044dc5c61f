DROP INDEX "products_imei_key";--> statement-breakpoint
CREATE UNIQUE INDEX "products_live_imei_key" ON "products" USING btree ("imei") WHERE "products"."status" <> 'sold';--> statement-breakpoint
CREATE INDEX "products_imei_idx" ON "products" USING btree ("imei");