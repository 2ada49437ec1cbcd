-- Who sent each span and log record: `browser` (a store page, admitted by its Origin), `collector`
-- (the ingest token), NULL for the server's own spans (page and API spans, written directly, never
-- through the receiver) and for rows stored before senders were told apart.
ALTER TABLE spans ADD COLUMN source text CHECK (source IN ('browser', 'collector'));
ALTER TABLE log_records ADD COLUMN source text CHECK (source IN ('browser', 'collector'));

-- A page load is real when the page server's own span is in it; a trace without one was reported by
-- a browser only (anyone can make a browser send anything) and the console shows it apart.
ALTER TABLE trace_summaries ADD COLUMN page_served boolean NOT NULL DEFAULT false;

CREATE FUNCTION span_is_page_served(source text, parent_span_id text, scope_name text) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT source IS NULL AND parent_span_id IS NULL AND scope_name IS NOT DISTINCT FROM 'one-header-reference-server/pages'
$$;

CREATE OR REPLACE FUNCTION trace_summary_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO trace_summaries AS t
    (trace_id, correlation_id, brand, root_name, start_ns, end_ns, span_count, error_count, longest_ns, plugins,
     page_served)
  VALUES (
    NEW.trace_id,
    NEW.correlation_id,
    trace_summary_brand(NEW.attributes),
    CASE WHEN NEW.parent_span_id IS NULL THEN NEW.name END,
    NEW.start_ns,
    NEW.end_ns,
    1,
    CASE WHEN NEW.status_code = 2 THEN 1 ELSE 0 END,
    NEW.end_ns - NEW.start_ns,
    CASE WHEN NEW.attributes ? 'plugin.id' THEN ARRAY[NEW.attributes ->> 'plugin.id'] ELSE '{}'::text[] END,
    span_is_page_served(NEW.source, NEW.parent_span_id, NEW.scope_name)
  )
  ON CONFLICT (trace_id) DO UPDATE SET
    correlation_id = COALESCE(t.correlation_id, EXCLUDED.correlation_id),
    -- The page server's span names the brand of the host it served and the page: it wins over any
    -- other span's, whichever came first.
    brand = CASE WHEN t.page_served THEN t.brand
                 WHEN EXCLUDED.page_served THEN COALESCE(EXCLUDED.brand, t.brand)
                 ELSE COALESCE(t.brand, EXCLUDED.brand) END,
    root_name = CASE WHEN t.page_served THEN t.root_name ELSE COALESCE(EXCLUDED.root_name, t.root_name) END,
    start_ns = LEAST(t.start_ns, EXCLUDED.start_ns),
    end_ns = GREATEST(t.end_ns, EXCLUDED.end_ns),
    span_count = t.span_count + 1,
    error_count = t.error_count + EXCLUDED.error_count,
    longest_ns = GREATEST(t.longest_ns, EXCLUDED.longest_ns),
    plugins = CASE WHEN EXCLUDED.plugins <@ t.plugins THEN t.plugins ELSE t.plugins || EXCLUDED.plugins END,
    page_served = t.page_served OR EXCLUDED.page_served;
  RETURN NULL;
END
$$;

-- Page loads stored before: the page server's span was the only one of that scope then too.
UPDATE trace_summaries t SET page_served = true
 WHERE EXISTS (SELECT 1 FROM spans s WHERE s.trace_id = t.trace_id
                 AND span_is_page_served(s.source, s.parent_span_id, s.scope_name));

-- The console lists served page loads by default, browser-reported ones on request.
CREATE INDEX trace_summaries_served ON trace_summaries (start_ns DESC) WHERE page_served;
CREATE INDEX trace_summaries_browser_only ON trace_summaries (start_ns DESC) WHERE NOT page_served;
