-- Search suggestions derived from the catalogue. They replace search_terms, a fixed
-- list of about 30 terms per brand and language, which left "café" and "brewer" in English without a
-- suggestion although 18 and 39 products match. The seed (server/search/suggestions.ts) rebuilds
-- this table from the catalogue's product lines, brewer models, blends, makers and categories plus
-- the popular searches (server/fixtures/searchTerms.ts), and keeps only terms that find products.
--
-- No extension: PGlite has no unaccent and a PostgreSQL server may not either. The keys are folded
-- in TypeScript (server/search/searchText.ts suggestionKey: lower case, accents removed) and matched
-- with LIKE on bound, escaped patterns, so "cafe", "café" and "CAFÉ" find the same terms everywhere.

DROP TABLE search_terms;

-- Model numbers: the text-search parser reads "k-3500" as "k" and the signed integer "-3500", so a
-- search for "k-3500" (or the popular term "k-3500") found nothing. The seed now stores a hyphen
-- before a digit as a space (searchableText); rows seeded before are brought in line here, and the
-- generated tsvectors follow.
UPDATE products SET
  search_name_en = regexp_replace(search_name_en, '-([0-9])', ' \1', 'g'),
  search_name_fr = regexp_replace(search_name_fr, '-([0-9])', ' \1', 'g'),
  search_extra_en = regexp_replace(search_extra_en, '-([0-9])', ' \1', 'g'),
  search_extra_fr = regexp_replace(search_extra_fr, '-([0-9])', ' \1', 'g')
WHERE concat(search_name_en, search_name_fr, search_extra_en, search_extra_fr) ~ '-[0-9]';

CREATE TABLE search_suggestions (
  brand text NOT NULL,
  lang text NOT NULL CHECK (lang IN ('en', 'fr')),
  -- As shown, lower case with its accents ("torréfaction foncée").
  term text NOT NULL,
  -- Folded key ("torrefaction foncee"); one term per key, so it orders the terms with COLLATE "C".
  search_term text NOT NULL,
  -- The key from each word start ("torrefaction foncee", "foncee"): what a typed prefix is matched on.
  word_starts text[] NOT NULL,
  -- Products a search for the term finds (the search page's own query); never 0.
  product_count integer NOT NULL CHECK (product_count > 0),
  -- How often shoppers search for it (popular searches); 0 for a term only the catalogue gives.
  popularity integer NOT NULL DEFAULT 0,
  -- Stemmed words of the key, so "brewers" still suggests "brewer maintenance kit", as search finds it.
  tsv tsvector GENERATED ALWAYS AS (
    to_tsvector(CASE WHEN lang = 'fr' THEN 'french'::regconfig ELSE 'english'::regconfig END, search_term)
  ) STORED,
  PRIMARY KEY (brand, lang, search_term)
);
-- An empty box lists the popular searches first.
CREATE INDEX search_suggestions_popular ON search_suggestions (brand, lang, popularity DESC, product_count DESC);
