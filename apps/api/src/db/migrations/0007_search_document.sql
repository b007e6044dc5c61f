-- A phone's search document as a function of its name, brand and description (decision 020): the trigger
-- of 0006 calls it, and a bulk load (the benchmark's generator) can fill the column in its INSERT with the
-- trigger off, then the vocabulary in one statement, instead of one vocabulary insert per row.
CREATE FUNCTION products_search_document(product_name text, category_id uuid, description text) RETURNS tsvector
  LANGUAGE sql STABLE AS $$
  SELECT setweight(to_tsvector('simple', product_name), 'A') ||
    setweight(to_tsvector('simple', coalesce((SELECT name FROM categories WHERE id = category_id), '')), 'B') ||
    setweight(to_tsvector('simple', description), 'C')
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search := products_search_document(NEW.product_name, NEW.category_id, NEW.description);
  INSERT INTO search_words (word) SELECT unnest(tsvector_to_array(NEW.search)) ON CONFLICT DO NOTHING;
  RETURN NEW;
END
$$;
