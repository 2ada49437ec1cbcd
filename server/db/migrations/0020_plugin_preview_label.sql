-- A plugin-switch preview names what it shows ("a change to version 4, not saved"): the store's
-- ribbon says it to the one browser previewing. Tickets made before have no name to give.
ALTER TABLE plugin_previews ADD COLUMN label text NOT NULL DEFAULT '';
