-- Every instance keeps CMS answers and search suggestions for a while (server/cms/ttlCache.ts). A
-- statement that changes what they are read from adds one to this single number, which each instance
-- reads about once a second (server/cms/contentChanges.ts): a change made anywhere (the console on
-- another instance, a CMS import, a catalogue refresh) reaches every instance within that second,
-- not at the end of a cache lifetime. Statement triggers: a bulk import counts once, not per row.

CREATE TABLE content_changes (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  generation bigint NOT NULL
);
INSERT INTO content_changes (generation) VALUES (1);

CREATE FUNCTION content_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE content_changes SET generation = generation + 1;
  RETURN NULL;
END
$$;

CREATE TRIGGER site_config_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON site_config
  FOR EACH STATEMENT EXECUTE FUNCTION content_changed();
CREATE TRIGGER message_labels_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON message_labels
  FOR EACH STATEMENT EXECUTE FUNCTION content_changed();
CREATE TRIGGER cms_components_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON cms_components
  FOR EACH STATEMENT EXECUTE FUNCTION content_changed();
CREATE TRIGGER cms_slots_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON cms_slots
  FOR EACH STATEMENT EXECUTE FUNCTION content_changed();
CREATE TRIGGER cms_slot_components_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON cms_slot_components
  FOR EACH STATEMENT EXECUTE FUNCTION content_changed();
CREATE TRIGGER search_suggestions_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON search_suggestions
  FOR EACH STATEMENT EXECUTE FUNCTION content_changed();
