-- Bangla in the search documents (decision 032): a document's text is read as a query's is (query-words.ts's
-- searchText): no zero-width (non-)joiners, which only steer how a conjunct is drawn (PostgreSQL splits a word at
-- one, PGlite does not); Unicode NFC, so a vowel sign typed in two parts is the one a query holds; Bangla digits as
-- ASCII ones, so 'আইফোন ১৩' in a description holds the '13' that 'iphone 13' and 'আইফোন ১৩' look for.
CREATE FUNCTION search_text(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate(normalize(translate(t, U&'\200C\200D', ''), NFC), '০১২৩৪৫৬৭৮৯', '0123456789')
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_search_document(product_name text, category_id uuid, description text) RETURNS tsvector
  LANGUAGE sql STABLE AS $$
  SELECT setweight(to_tsvector('simple', search_text(product_name)), 'A') ||
    setweight(to_tsvector('simple', search_text(coalesce((SELECT name FROM categories WHERE id = category_id), ''))), 'B') ||
    setweight(to_tsvector('simple', search_text(description)), 'C')
$$;--> statement-breakpoint
-- The phones whose document reads differently now: written again by the trigger (which adds their new words to the vocabulary).
UPDATE products SET product_name = product_name
  WHERE (product_name || ' ' || description) <> search_text(product_name || ' ' || description);
