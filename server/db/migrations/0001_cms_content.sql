-- CMS content of the header (header spec §3, §7), per brand and language.

CREATE TABLE site_config (
  brand text NOT NULL,
  key text NOT NULL,
  value text NOT NULL,
  PRIMARY KEY (brand, key)
);

CREATE TABLE message_labels (
  brand text NOT NULL,
  lang text NOT NULL CHECK (lang IN ('en', 'fr')),
  key text NOT NULL,
  value text NOT NULL,
  PRIMARY KEY (brand, lang, key)
);

-- Components are stored as the JSON the API returns; typeCode is kept as a column for queries.
CREATE TABLE cms_components (
  brand text NOT NULL,
  lang text NOT NULL CHECK (lang IN ('en', 'fr')),
  uid text NOT NULL,
  type_code text NOT NULL,
  body jsonb NOT NULL,
  PRIMARY KEY (brand, lang, uid)
);

-- A slot sits at a position; page_uid groups the slots of a page (NULL for stand-alone slots
-- such as NavigationBarSlot, fetched by position).
CREATE TABLE cms_slots (
  brand text NOT NULL,
  lang text NOT NULL CHECK (lang IN ('en', 'fr')),
  slot_id text NOT NULL,
  slot_uuid text NOT NULL,
  position text NOT NULL,
  page_uid text,
  sort integer NOT NULL DEFAULT 0,
  PRIMARY KEY (brand, lang, slot_id)
);
CREATE INDEX cms_slots_page ON cms_slots (brand, lang, page_uid);
CREATE INDEX cms_slots_position ON cms_slots (brand, lang, position);

CREATE TABLE cms_slot_components (
  brand text NOT NULL,
  lang text NOT NULL,
  slot_id text NOT NULL,
  component_uid text NOT NULL,
  sort integer NOT NULL DEFAULT 0,
  PRIMARY KEY (brand, lang, slot_id, component_uid),
  FOREIGN KEY (brand, lang, slot_id) REFERENCES cms_slots (brand, lang, slot_id) ON DELETE CASCADE
);
