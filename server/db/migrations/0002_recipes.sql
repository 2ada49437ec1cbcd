-- Recipe and hub articles with their slugs in both languages, so an article page can tell the
-- header where the same article lives in the other language (header spec §2).

CREATE TABLE recipes (
  kind text NOT NULL CHECK (kind IN ('recipes', 'hub')),
  en_category text NOT NULL,
  en_title text NOT NULL,
  fr_category text NOT NULL,
  fr_title text NOT NULL,
  en_name text NOT NULL,
  fr_name text NOT NULL,
  PRIMARY KEY (kind, en_category, en_title),
  UNIQUE (kind, fr_category, fr_title)
);
