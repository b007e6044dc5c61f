ALTER TABLE "products" ADD COLUMN "model" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "storage_gb" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "ram_gb" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "colour" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "battery_health" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "not_locked" boolean;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "box_and_charger" boolean;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "warranty_months" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "imei" text;--> statement-breakpoint
CREATE UNIQUE INDEX "products_imei_key" ON "products" USING btree ("imei");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_battery_health_check" CHECK ("products"."battery_health" between 1 and 100);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_imei_check" CHECK ("products"."imei" ~ '^[0-9]{15}$');