-- The CMS's media files the store's pages show (the header promo's pictures, per size and language),
-- as /medias/{file} serves them. The seed writes them; the server reads them from here.
CREATE TABLE cms_medias (
  file text PRIMARY KEY,
  content_type text NOT NULL,
  body text NOT NULL
);
