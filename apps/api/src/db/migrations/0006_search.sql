-- Search (issue 14, decision 020): trigram matching for typos and unfinished words, levenshtein to bound them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search") WHERE "products"."status" = 'available';--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("resale_price","id") WHERE "products"."status" = 'available';--> statement-breakpoint
CREATE INDEX "products_available_idx" ON "products" USING btree ("created_at","id") WHERE "products"."status" = 'available';--> statement-breakpoint
-- A phone's search document: name (A), brand (B), description (C), in the 'simple' configuration (lower case, no stemming:
-- model names and numbers stay as written). Its words join the vocabulary typos are corrected to.
CREATE FUNCTION products_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search :=
    setweight(to_tsvector('simple', NEW.product_name), 'A') ||
    setweight(to_tsvector('simple', coalesce((SELECT name FROM categories WHERE id = NEW.category_id), '')), 'B') ||
    setweight(to_tsvector('simple', NEW.description), 'C');
  INSERT INTO search_words (word) SELECT unnest(tsvector_to_array(NEW.search)) ON CONFLICT DO NOTHING;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_search BEFORE INSERT OR UPDATE OF product_name, description, category_id ON products
  FOR EACH ROW EXECUTE FUNCTION products_search();--> statement-breakpoint
UPDATE products SET product_name = product_name;
