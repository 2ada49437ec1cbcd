-- How the header does for real shoppers (the console's health view). Each page load's real-user
-- measures (its `header.measures` span) become one row of page_measures, and are counted into a
-- roll-up of log-scale bins per hour and per day, from which p75 and p95 are read within 2.5 % (the
-- bins of DDSketch: bin i holds values in (1.05^(i-1), 1.05^i]; -1 holds zero, and the plain counts).
-- The roll-up is a cube: each page load is also counted under '*' for its language, device class
-- and switches' version, in every combination, so any view reads only the rows of its own choice.
CREATE TABLE page_measures (
  trace_id text PRIMARY KEY,
  at_ms bigint NOT NULL,
  brand text NOT NULL,
  lang text NOT NULL,
  device text NOT NULL,
  route_style text NOT NULL,
  version text NOT NULL,
  live_ms integer,
  lcp_ms integer,
  inp_ms integer,
  -- Cumulative layout shift in thousandths (0.012 is 12).
  cls_milli integer,
  blocking_ms integer,
  presses integer NOT NULL DEFAULT 0,
  press_wait_ms integer,
  -- Each part's time to live: {"header.nav": 812, ...}.
  parts jsonb NOT NULL DEFAULT '{}',
  fault_plugins text[] NOT NULL DEFAULT '{}'
);
-- The slowest page loads of a moment: one brand's rows in a time slot.
CREATE INDEX page_measures_brand_at ON page_measures (brand, at_ms);

CREATE TABLE page_measure_rollup (
  -- The slot's length in milliseconds: 3600000 (hour) or 86400000 (day).
  grain_ms integer NOT NULL,
  slot_ms bigint NOT NULL,
  brand text NOT NULL,
  -- Each '*' when counted for all of them.
  lang text NOT NULL,
  device text NOT NULL,
  version text NOT NULL,
  -- live, lcp, inp, cls, blocking, press_wait, part:<part>, fault:<plugin>, pages.
  measure text NOT NULL,
  bin integer NOT NULL,
  count bigint NOT NULL,
  PRIMARY KEY (grain_ms, brand, lang, device, version, slot_ms, measure, bin)
);

-- The switches' versions seen: the health view's filter lists them.
CREATE INDEX page_measure_rollup_versions ON page_measure_rollup (grain_ms, brand, slot_ms, version)
  WHERE measure = 'pages' AND lang = '*' AND device = '*';

CREATE FUNCTION health_bin(v integer) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN v IS NULL OR v <= 0 THEN -1 ELSE ceil(ln(v) / ln(1.05) - 1e-9)::integer END
$$;

-- A page load's measures as (measure, value) rows; a fault and the page itself count with no value.
CREATE FUNCTION page_measure_values(m page_measures) RETURNS TABLE (measure text, value integer)
LANGUAGE sql IMMUTABLE AS $$
  SELECT 'pages', NULL::integer
  UNION ALL SELECT v.measure, v.value FROM (VALUES
    ('live', m.live_ms), ('lcp', m.lcp_ms), ('inp', m.inp_ms), ('cls', m.cls_milli),
    ('blocking', m.blocking_ms), ('press_wait', m.press_wait_ms)) AS v(measure, value)
    WHERE v.value IS NOT NULL
  UNION ALL SELECT 'part:' || p.key, p.value::integer FROM jsonb_each_text(m.parts) AS p
    WHERE p.value ~ '^[0-9]{1,9}$'
  UNION ALL SELECT 'fault:' || f, NULL::integer FROM unnest(m.fault_plugins) AS f
$$;

-- Counts one page load into the hourly and daily roll-ups, under its own language, device class and
-- version and under '*' for each, in every combination.
CREATE FUNCTION page_measure_roll(m page_measures) RETURNS void LANGUAGE sql AS $$
  INSERT INTO page_measure_rollup AS r (grain_ms, slot_ms, brand, lang, device, version, measure, bin, count)
  SELECT g.grain_ms, m.at_ms - m.at_ms % g.grain_ms, m.brand, l.lang, d.device, s.version,
         v.measure, health_bin(v.value), count(*)
  FROM (VALUES (3600000), (86400000)) AS g(grain_ms),
       (VALUES (m.lang), ('*')) AS l(lang),
       (VALUES (m.device), ('*')) AS d(device),
       (VALUES (m.version), ('*')) AS s(version),
       page_measure_values(m) AS v
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
  ON CONFLICT (grain_ms, brand, lang, device, version, slot_ms, measure, bin)
  DO UPDATE SET count = r.count + EXCLUDED.count
$$;

-- A browser's measures span, once the store has served that page load (its page-server span is
-- stored: a page load made up by hand is not counted), becomes a row and is rolled up. The span is
-- a trace of its own linked to the page load (sent when the shopper leaves, it would otherwise
-- stretch the page load to that moment); the row is keyed by the page load's trace, the way to its
-- waterfall. The brand is the one the receiver stamped from the page's host, never the browser's word.
CREATE FUNCTION page_measures_add() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  a jsonb := NEW.attributes;
  m page_measures;
  num text := '^[0-9]{1,9}(\.[0-9]+)?$';
  page_trace text := coalesce(NEW.links -> 0 ->> 'traceId', NEW.trace_id);
BEGIN
  IF NOT EXISTS (SELECT 1 FROM trace_summaries WHERE trace_id = page_trace AND page_served) THEN
    RETURN NULL;
  END IF;
  m.trace_id := page_trace;
  m.at_ms := (NEW.start_ns::numeric / 1000000)::bigint;
  m.brand := a->>'header.brand';
  m.lang := CASE WHEN a->>'header.lang' IN ('en', 'fr') THEN a->>'header.lang' ELSE 'en' END;
  m.device := CASE WHEN a->>'header.device_class' IN ('mobile', 'tablet', 'desktop') THEN a->>'header.device_class' ELSE 'desktop' END;
  m.route_style := left(coalesce(a->>'header.route_style', 'standard'), 40);
  m.version := left(coalesce(a->>'header.plugins.version', 'live'), 80);
  m.live_ms := CASE WHEN a->>'measure.live_ms' ~ num THEN round((a->>'measure.live_ms')::numeric) END;
  m.lcp_ms := CASE WHEN a->>'measure.lcp_ms' ~ num THEN round((a->>'measure.lcp_ms')::numeric) END;
  m.inp_ms := CASE WHEN a->>'measure.inp_ms' ~ num THEN round((a->>'measure.inp_ms')::numeric) END;
  m.cls_milli := CASE WHEN a->>'measure.cls' ~ num THEN round((a->>'measure.cls')::numeric * 1000) END;
  m.blocking_ms := CASE WHEN a->>'measure.blocking_ms' ~ num THEN round((a->>'measure.blocking_ms')::numeric) END;
  m.presses := CASE WHEN a->>'measure.presses' ~ '^[0-9]{1,6}$' THEN (a->>'measure.presses')::integer ELSE 0 END;
  m.press_wait_ms := CASE WHEN a->>'measure.press_wait_ms' ~ num THEN round((a->>'measure.press_wait_ms')::numeric) END;
  SELECT coalesce(jsonb_object_agg(substr(k, length('measure.part_live_ms.') + 1), round(v::numeric)), '{}')
    INTO m.parts
    FROM jsonb_each_text(a) AS e(k, v)
    WHERE k LIKE 'measure.part_live_ms.%' AND v ~ num;
  m.fault_plugins := array(
    SELECT DISTINCT p FROM unnest(string_to_array(coalesce(a->>'measure.fault_plugins', ''), ',')) AS p
    WHERE p ~ '^[a-z][a-z0-9-]{0,40}$' LIMIT 40);
  IF m.brand IS NULL THEN RETURN NULL; END IF;
  INSERT INTO page_measures VALUES (m.*) ON CONFLICT (trace_id) DO NOTHING;
  IF FOUND THEN PERFORM page_measure_roll(m); END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER spans_page_measures AFTER INSERT ON spans FOR EACH ROW
  WHEN (NEW.name = 'header.measures' AND NEW.source = 'browser')
  EXECUTE FUNCTION page_measures_add();
