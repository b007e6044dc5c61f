CREATE TABLE "search_changes" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"product_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The search index of each API instance (decision 022) reads what changed after the last change it applied.
-- Every insert, update and delete of a phone is one row; so is each available phone of a seller whose
-- verified flag changes. Rows are read by sequence number and pruned after a day.
CREATE FUNCTION product_search_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_changes (product_id) VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_search_changed AFTER INSERT OR UPDATE OR DELETE ON products
  FOR EACH ROW EXECUTE FUNCTION product_search_changed();--> statement-breakpoint
CREATE FUNCTION seller_search_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_changes (product_id) SELECT id FROM products WHERE seller_id = NEW.id AND status = 'available';
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER users_search_changed AFTER UPDATE OF seller_verified ON users
  FOR EACH ROW WHEN (OLD.seller_verified IS DISTINCT FROM NEW.seller_verified) EXECUTE FUNCTION seller_search_changed();
