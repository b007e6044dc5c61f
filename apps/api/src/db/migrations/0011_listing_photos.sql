-- Several pictures per listing (issue 15): `images` (the cover first, 1 to 8), `img` stays the cover.
-- A listing of before has its one picture as its only one.
ALTER TABLE "products" ADD COLUMN "images" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "products" SET "images" = jsonb_build_array(jsonb_build_object('url', "img", 'widths', '[]'::jsonb));--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "widths" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
-- A row written without pictures (tools, bulk loads, older code that knows only `img`) gets its cover as its one
-- picture; a change of `img` alone makes it the only picture, so the two never disagree.
CREATE FUNCTION products_images() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF jsonb_array_length(NEW.images) = 0 OR (TG_OP = 'UPDATE' AND NEW.img IS DISTINCT FROM OLD.img AND NEW.images = OLD.images) THEN
    NEW.images := jsonb_build_array(jsonb_build_object('url', NEW.img, 'widths', '[]'::jsonb));
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_images BEFORE INSERT OR UPDATE ON products FOR EACH ROW EXECUTE FUNCTION products_images();--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_images_check" CHECK (jsonb_array_length("products"."images") between 1 and 8 and "products"."images" -> 0 ->> 'url' = "products"."img");
