ALTER TABLE "search_words" ADD COLUMN "uses" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "search_words_prefix_idx" ON "search_words" USING btree ("word" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "search_words_first_suffix_idx" ON "search_words" USING btree ((left("word", 1) || reverse("word")) text_pattern_ops);--> statement-breakpoint
-- Decision 038: the vocabulary holds the words of the available phones only, each with how many of them hold it.
-- The document is still written before the row (products_search); the count after it, for every insert, delete,
-- change of document and change of status, so an edit that drops a word, a sale or a deletion forgets it.
CREATE OR REPLACE FUNCTION products_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search := products_search_document(NEW.product_name, NEW.category_id, NEW.description);
  RETURN NEW;
END
$$;--> statement-breakpoint
-- One statement in word order (so two writers lock shared words in the same order and cannot deadlock): +1 for each
-- word the phone now holds and did not, -1 for each it held and does not; a word left with no use goes.
CREATE FUNCTION products_words() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  held text[] := '{}';
  holds text[] := '{}';
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 'available' THEN held := tsvector_to_array(OLD.search); END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'available' THEN holds := tsvector_to_array(NEW.search); END IF;
  INSERT INTO search_words AS s (word, uses)
    SELECT word, sum(delta)::int FROM (
      SELECT unnest(holds) AS word, 1 AS delta UNION ALL SELECT unnest(held), -1
    ) d GROUP BY word HAVING sum(delta) <> 0 ORDER BY word
    ON CONFLICT (word) DO UPDATE SET uses = s.uses + excluded.uses;
  DELETE FROM search_words WHERE word = ANY(held) AND uses <= 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_words_written AFTER INSERT OR DELETE ON products
  FOR EACH ROW EXECUTE FUNCTION products_words();--> statement-breakpoint
CREATE TRIGGER products_words_changed AFTER UPDATE ON products
  FOR EACH ROW WHEN (OLD.search IS DISTINCT FROM NEW.search OR OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION products_words();--> statement-breakpoint
-- The words kept until now: counted again from the available phones; those of sold, deleted or edited ones go.
DELETE FROM search_words;--> statement-breakpoint
INSERT INTO search_words (word, uses)
  SELECT word, count(*)::int FROM products, unnest(tsvector_to_array(search)) AS word WHERE status = 'available' GROUP BY word;
