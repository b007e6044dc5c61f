-- The search's best deal sort (issue 34; decision 058): a phone's place is its price over the median its key's guide
-- shows (the one its page's badge uses): the sales' median from 5 sales (minGuideSales), else the asking prices'
-- median while any phone of the key is for sale, else none. One function for the search index's loader, its SQL
-- oracle and the triggers below; a test pins the 5 to minGuideSales.
CREATE FUNCTION guide_median(sales integer, sales_median integer, asking integer, asking_median integer) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT CASE WHEN sales >= 5 THEN sales_median WHEN asking > 0 THEN asking_median END $$;--> statement-breakpoint
-- A key's median shown changes: each available phone of the key has a new ratio, and the search index (decision 022)
-- reads them again through search_changes. A key's columns changed by hand: the old key's phones too.
CREATE FUNCTION price_guide_search_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO search_changes (product_id) SELECT id FROM products
      WHERE phone_model_id = NEW.phone_model_id AND storage_gb = NEW.storage_gb AND condition = NEW.condition AND status = 'available';
  END IF;
  IF TG_OP = 'DELETE' THEN
    INSERT INTO search_changes (product_id) SELECT id FROM products
      WHERE phone_model_id = OLD.phone_model_id AND storage_gb = OLD.storage_gb AND condition = OLD.condition AND status = 'available';
  ELSIF TG_OP = 'UPDATE' THEN
    IF (OLD.phone_model_id, OLD.storage_gb, OLD.condition) IS DISTINCT FROM (NEW.phone_model_id, NEW.storage_gb, NEW.condition) THEN
      INSERT INTO search_changes (product_id) SELECT id FROM products
        WHERE phone_model_id = OLD.phone_model_id AND storage_gb = OLD.storage_gb AND condition = OLD.condition AND status = 'available';
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER price_guide_search_inserted AFTER INSERT ON price_guide
  FOR EACH ROW WHEN (guide_median(NEW.sales, NEW.sales_median, NEW.asking, NEW.asking_median) IS NOT NULL)
  EXECUTE FUNCTION price_guide_search_changed();--> statement-breakpoint
CREATE TRIGGER price_guide_search_updated AFTER UPDATE ON price_guide
  FOR EACH ROW WHEN (
    guide_median(OLD.sales, OLD.sales_median, OLD.asking, OLD.asking_median) IS DISTINCT FROM guide_median(NEW.sales, NEW.sales_median, NEW.asking, NEW.asking_median)
    OR (OLD.phone_model_id, OLD.storage_gb, OLD.condition) IS DISTINCT FROM (NEW.phone_model_id, NEW.storage_gb, NEW.condition))
  EXECUTE FUNCTION price_guide_search_changed();--> statement-breakpoint
CREATE TRIGGER price_guide_search_deleted AFTER DELETE ON price_guide
  FOR EACH ROW WHEN (guide_median(OLD.sales, OLD.sales_median, OLD.asking, OLD.asking_median) IS NOT NULL)
  EXECUTE FUNCTION price_guide_search_changed();
