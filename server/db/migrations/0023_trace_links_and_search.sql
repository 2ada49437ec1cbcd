-- A page load ends when every part of the header is live; what the shopper does later (a sign-in, a
-- search) is a trace of its own whose root span links to the page load's (OTLP links). And the
-- console searches page loads as Tempo does: by service, span name, attribute, duration, page path,
-- language; so each summary carries those, and spans get the indexes a span-level filter needs.
ALTER TABLE spans ADD COLUMN links jsonb;

ALTER TABLE trace_summaries
  ADD COLUMN follows_trace_id text,
  ADD COLUMN page_path text,
  ADD COLUMN lang text,
  ADD COLUMN services text[] NOT NULL DEFAULT '{}';

CREATE INDEX trace_summaries_follows ON trace_summaries (follows_trace_id) WHERE follows_trace_id IS NOT NULL;
-- What the console lists by default: page loads the store served and the later actions on them.
CREATE INDEX trace_summaries_served_or_later ON trace_summaries (start_ns DESC)
  WHERE page_served OR follows_trace_id IS NOT NULL;
CREATE INDEX trace_summaries_duration ON trace_summaries ((end_ns - start_ns));
CREATE INDEX trace_summaries_path ON trace_summaries (page_path, start_ns DESC);
CREATE INDEX trace_summaries_services ON trace_summaries USING gin (services);
CREATE INDEX trace_summaries_correlation_prefix ON trace_summaries (correlation_id text_pattern_ops);
CREATE INDEX spans_name ON spans (name, start_ns DESC);
CREATE INDEX spans_attributes ON spans USING gin (attributes jsonb_path_ops);

CREATE OR REPLACE FUNCTION trace_summary_add() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  served boolean := span_is_page_served(NEW.source, NEW.parent_span_id, NEW.scope_name);
BEGIN
  INSERT INTO trace_summaries AS t
    (trace_id, correlation_id, brand, root_name, start_ns, end_ns, span_count, error_count, longest_ns, plugins,
     page_served, follows_trace_id, page_path, lang, services)
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
    served,
    -- Only a link to a page load the store served counts: a browser can attach actions to its own
    -- page load (whose trace id its page holds), never make a page load up by linking.
    (SELECT p.trace_id FROM trace_summaries p
      WHERE NEW.parent_span_id IS NULL AND p.trace_id = NEW.links -> 0 ->> 'traceId' AND p.page_served),
    CASE WHEN served THEN NEW.attributes ->> 'url.path' END,
    COALESCE(NEW.attributes ->> 'header.lang', NEW.resource ->> 'one_header.lang'),
    CASE WHEN NEW.service_name IS NULL THEN '{}'::text[] ELSE ARRAY[NEW.service_name] END
  )
  ON CONFLICT (trace_id) DO UPDATE SET
    correlation_id = COALESCE(t.correlation_id, EXCLUDED.correlation_id),
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
    page_served = t.page_served OR EXCLUDED.page_served,
    follows_trace_id = COALESCE(t.follows_trace_id, EXCLUDED.follows_trace_id),
    page_path = COALESCE(EXCLUDED.page_path, t.page_path),
    lang = COALESCE(t.lang, EXCLUDED.lang),
    services = CASE WHEN EXCLUDED.services <@ t.services THEN t.services ELSE t.services || EXCLUDED.services END;
  RETURN NULL;
END
$$;

-- Page loads stored before.
UPDATE trace_summaries t SET
  page_path = (SELECT s.attributes ->> 'url.path' FROM spans s WHERE s.trace_id = t.trace_id
                 AND span_is_page_served(s.source, s.parent_span_id, s.scope_name) LIMIT 1),
  lang = (SELECT COALESCE(s.attributes ->> 'header.lang', s.resource ->> 'one_header.lang') FROM spans s
           WHERE s.trace_id = t.trace_id AND (s.attributes ? 'header.lang' OR s.resource ? 'one_header.lang') LIMIT 1),
  services = COALESCE((SELECT array_agg(DISTINCT s.service_name) FROM spans s
                        WHERE s.trace_id = t.trace_id AND s.service_name IS NOT NULL), '{}');
