-- Plugin-switch previews: before saving, a brand team member opens the store with the
-- switches as they would be, as a CMS preview ticket opens it with draft content. A ticket is a
-- random id tied to one brand and value, for 30 minutes; the store honours it only for the browser
-- that followed the preview link (a cookie on the store's host, console/pluginPreview.ts).
CREATE TABLE plugin_previews (
  ticket_id text PRIMARY KEY,
  brand text NOT NULL,
  value text NOT NULL,
  created_by text NOT NULL,
  expires_at_ms bigint NOT NULL
);
CREATE INDEX plugin_previews_expiry ON plugin_previews (expires_at_ms);
