CREATE TABLE "phone_models" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category_id" uuid NOT NULL,
	"name" text NOT NULL,
	"name_bn" text NOT NULL,
	"aliases" text[] DEFAULT '{}'::text[] NOT NULL,
	"variants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"year" integer,
	"slug" text NOT NULL,
	"added_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "phone_models_slug_check" CHECK ("phone_models"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "phone_models_year_check" CHECK ("phone_models"."year" between 2000 and 2100)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "phone_model_id" uuid;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "unlisted_model" text;--> statement-breakpoint
ALTER TABLE "phone_models" ADD CONSTRAINT "phone_models_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_models" ADD CONSTRAINT "phone_models_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "phone_models_slug_key" ON "phone_models" USING btree ("category_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "phone_models_name_key" ON "phone_models" USING btree ("category_id",lower("name"));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_phone_model_id_phone_models_id_fk" FOREIGN KEY ("phone_model_id") REFERENCES "public"."phone_models"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_phone_model_idx" ON "products" USING btree ("phone_model_id");--> statement-breakpoint
CREATE INDEX "products_unlisted_model_idx" ON "products" USING btree ("category_id",lower("unlisted_model")) WHERE "products"."unlisted_model" is not null;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_model_check" CHECK ("products"."phone_model_id" is null or "products"."unlisted_model" is null);--> statement-breakpoint
-- Decision 057: a listing of a catalogue model is found by the model's names too (its name, the names people type for
-- it, its Bangla spelling), weighted as its brand is. Without a model the document is what it was.
DROP TRIGGER products_search ON products;--> statement-breakpoint
DROP FUNCTION products_search_document(text, uuid, text);--> statement-breakpoint
CREATE FUNCTION products_search_document(product_name text, category_id uuid, description text, phone_model_id uuid DEFAULT NULL) RETURNS tsvector
  LANGUAGE sql STABLE AS $$
  SELECT setweight(to_tsvector('simple', search_text(product_name)), 'A') ||
    setweight(to_tsvector('simple', search_text(coalesce((SELECT name FROM categories WHERE id = category_id), ''))), 'B') ||
    setweight(to_tsvector('simple', search_text(coalesce((SELECT concat_ws(' ', name, name_bn, array_to_string(aliases, ' ')) FROM phone_models WHERE id = phone_model_id), ''))), 'B') ||
    setweight(to_tsvector('simple', search_text(description)), 'C')
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search := products_search_document(NEW.product_name, NEW.category_id, NEW.description, NEW.phone_model_id);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_search BEFORE INSERT OR UPDATE OF product_name, description, category_id, phone_model_id ON products
  FOR EACH ROW EXECUTE FUNCTION products_search();
