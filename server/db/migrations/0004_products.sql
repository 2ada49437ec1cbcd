-- Product search (header spec §7 products/searchText, searchsuggestions, searchProductsForCarousel;
-- nav spec §3 search result product). PostgreSQL full-text search with the english and french
-- configurations. PGlite ships no unaccent extension, so the seed stores the searchable text already
-- folded (lower case, accents removed, host/server/search/searchText.ts fold) and queries are folded
-- the same way: "cafe" and "café" find the same products on PGlite and PostgreSQL alike.

CREATE TABLE products (
  -- The store brand (usb2c, cab2c, usafh); `maker` is the product's own brand name.
  brand text NOT NULL,
  code text NOT NULL,
  maker text NOT NULL,
  product_type text NOT NULL CHECK (product_type IN ('Coffee', 'Brewer', 'Accessory', 'Bundle')),
  name_en text NOT NULL,
  name_fr text NOT NULL,
  url text NOT NULL,
  sell_group_name text NOT NULL,
  new_product boolean NOT NULL DEFAULT false,
  price numeric(10, 2) NOT NULL,
  currency text NOT NULL CHECK (currency IN ('USD', 'CAD')),
  popularity integer NOT NULL DEFAULT 0,
  -- Folded text: the name (weight A), and type words plus maker (weight B), per language.
  search_name_en text NOT NULL,
  search_name_fr text NOT NULL,
  search_extra_en text NOT NULL,
  search_extra_fr text NOT NULL,
  tsv_en tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('english', search_name_en), 'A') ||
    setweight(to_tsvector('english', search_extra_en), 'B')
  ) STORED,
  tsv_fr tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('french', search_name_fr), 'A') ||
    setweight(to_tsvector('french', search_extra_fr), 'B')
  ) STORED,
  PRIMARY KEY (brand, code)
);
CREATE INDEX products_tsv_en ON products USING gin (tsv_en);
CREATE INDEX products_tsv_fr ON products USING gin (tsv_fr);
-- An empty search lists new, then popular products.
CREATE INDEX products_popular ON products (brand, new_product DESC, popularity DESC, code);

-- Terms shoppers search for, offered as suggestions while typing.
CREATE TABLE search_terms (
  brand text NOT NULL,
  lang text NOT NULL CHECK (lang IN ('en', 'fr')),
  term text NOT NULL,
  popularity integer NOT NULL DEFAULT 0,
  search_term text NOT NULL,
  tsv tsvector GENERATED ALWAYS AS (
    to_tsvector(CASE WHEN lang = 'fr' THEN 'french'::regconfig ELSE 'english'::regconfig END, search_term)
  ) STORED,
  PRIMARY KEY (brand, lang, term)
);
CREATE INDEX search_terms_tsv ON search_terms USING gin (tsv);
CREATE INDEX search_terms_popular ON search_terms (brand, lang, popularity DESC, term);
