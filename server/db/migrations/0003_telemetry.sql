-- Telemetry received over OTLP/HTTP JSON (/v1/traces, /v1/logs) plus the server's own spans, so
-- monitoring staff can follow one shopper's session by its correlation id (nav spec §3, §9).
-- Times are Unix nanoseconds in bigint (fits until the year 2262); ids are lower-case hex.

CREATE TABLE spans (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  trace_id text NOT NULL CHECK (trace_id ~ '^[0-9a-f]{32}$'),
  span_id text NOT NULL CHECK (span_id ~ '^[0-9a-f]{16}$'),
  parent_span_id text CHECK (parent_span_id ~ '^[0-9a-f]{16}$'),
  name text NOT NULL,
  -- OTLP SpanKind: 0 unspecified, 1 internal, 2 server, 3 client, 4 producer, 5 consumer.
  kind smallint NOT NULL DEFAULT 0,
  start_ns bigint NOT NULL,
  end_ns bigint NOT NULL,
  -- OTLP StatusCode: 0 unset, 1 ok, 2 error.
  status_code smallint NOT NULL DEFAULT 0,
  status_message text,
  attributes jsonb NOT NULL DEFAULT '{}',
  events jsonb NOT NULL DEFAULT '[]',
  resource jsonb NOT NULL DEFAULT '{}',
  scope_name text,
  service_name text,
  -- From the attribute correlation.id (span, else resource); NULL when the span has none.
  correlation_id text,
  -- clock_timestamp, not now(): rows of separate requests in one transaction still get an order.
  received_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  -- An exporter retrying a batch must not duplicate its spans.
  UNIQUE (trace_id, span_id)
);
CREATE INDEX spans_correlation ON spans (correlation_id, start_ns);
CREATE INDEX spans_received ON spans (received_at) WHERE correlation_id IS NOT NULL;

CREATE TABLE log_records (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The record's time, else its observed time, else when it arrived (OTLP allows both to be unset).
  time_ns bigint NOT NULL,
  observed_ns bigint,
  severity_number smallint,
  severity_text text,
  -- The OTLP body as JSON: a string for a text message, an object for a key-value list.
  body jsonb,
  attributes jsonb NOT NULL DEFAULT '{}',
  resource jsonb NOT NULL DEFAULT '{}',
  trace_id text CHECK (trace_id ~ '^[0-9a-f]{32}$'),
  span_id text CHECK (span_id ~ '^[0-9a-f]{16}$'),
  scope_name text,
  service_name text,
  correlation_id text,
  received_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX log_records_correlation ON log_records (correlation_id, time_ns);
CREATE INDEX log_records_received ON log_records (received_at) WHERE correlation_id IS NOT NULL;
