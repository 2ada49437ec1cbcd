-- Trace search for the console's page loads: one summary row per trace, kept by a
-- trigger as spans arrive (OTLP receiver and server spans alike), so a search reads one small row
-- per page load instead of grouping every span. Searches filter by correlation id, brand, time,
-- errors, slowness and plugin, newest first, a page at a time: each has an index.

CREATE TABLE trace_summaries (
  trace_id text PRIMARY KEY,
  correlation_id text,
  brand text,
  -- The name of the trace's root span (no parent): `page GET home` once the page server's span is in.
  root_name text,
  start_ns bigint NOT NULL,
  end_ns bigint NOT NULL,
  span_count integer NOT NULL,
  error_count integer NOT NULL,
  -- The longest span's duration: a page load is slow when one of its spans is (console/traceSearch.ts).
  longest_ns bigint NOT NULL,
  -- The plugins the page load started (`plugin.id` of its `plugin.start` spans).
  plugins text[] NOT NULL DEFAULT '{}'
);
CREATE INDEX trace_summaries_recent ON trace_summaries (start_ns DESC);
CREATE INDEX trace_summaries_correlation ON trace_summaries (correlation_id, start_ns DESC);
CREATE INDEX trace_summaries_brand ON trace_summaries (brand, start_ns DESC);
CREATE INDEX trace_summaries_errors ON trace_summaries (start_ns DESC) WHERE error_count > 0;
-- 1 s in nanoseconds: console/traceSearch.ts SLOW_NS must say the same.
CREATE INDEX trace_summaries_slow ON trace_summaries (start_ns DESC) WHERE longest_ns >= 1000000000;
CREATE INDEX trace_summaries_plugins ON trace_summaries USING gin (plugins);
-- A page load's log records that name their span.
CREATE INDEX log_records_trace ON log_records (trace_id) WHERE trace_id IS NOT NULL;

CREATE FUNCTION trace_summary_brand(attributes jsonb) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT COALESCE(attributes ->> 'header.brand', substring(attributes ->> 'url.path' from '^/rest/v2/([a-z0-9]+)/'))
$$;

CREATE FUNCTION trace_summary_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO trace_summaries AS t
    (trace_id, correlation_id, brand, root_name, start_ns, end_ns, span_count, error_count, longest_ns, plugins)
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
    CASE WHEN NEW.attributes ? 'plugin.id' THEN ARRAY[NEW.attributes ->> 'plugin.id'] ELSE '{}'::text[] END
  )
  ON CONFLICT (trace_id) DO UPDATE SET
    correlation_id = COALESCE(t.correlation_id, EXCLUDED.correlation_id),
    brand = COALESCE(t.brand, EXCLUDED.brand),
    root_name = COALESCE(EXCLUDED.root_name, t.root_name),
    start_ns = LEAST(t.start_ns, EXCLUDED.start_ns),
    end_ns = GREATEST(t.end_ns, EXCLUDED.end_ns),
    span_count = t.span_count + 1,
    error_count = t.error_count + EXCLUDED.error_count,
    longest_ns = GREATEST(t.longest_ns, EXCLUDED.longest_ns),
    plugins = CASE WHEN EXCLUDED.plugins <@ t.plugins THEN t.plugins ELSE t.plugins || EXCLUDED.plugins END;
  RETURN NULL;
END
$$;

CREATE TRIGGER spans_trace_summary AFTER INSERT ON spans FOR EACH ROW EXECUTE FUNCTION trace_summary_add();

-- Spans stored before this migration.
INSERT INTO trace_summaries
  (trace_id, correlation_id, brand, root_name, start_ns, end_ns, span_count, error_count, longest_ns, plugins)
SELECT
  trace_id,
  max(correlation_id),
  max(trace_summary_brand(attributes)),
  max(CASE WHEN parent_span_id IS NULL THEN name END),
  min(start_ns),
  max(end_ns),
  count(*),
  count(*) FILTER (WHERE status_code = 2),
  max(end_ns - start_ns),
  COALESCE(array_agg(DISTINCT attributes ->> 'plugin.id') FILTER (WHERE attributes ? 'plugin.id'), '{}')
FROM spans GROUP BY trace_id;
