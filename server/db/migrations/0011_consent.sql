-- Consent records: one row per choice a visitor made in the cookie banner, never updated,
-- so a brand can show what a visitor agreed to and when. The idempotency key is made by the browser
-- for each choice: a retry of the same choice finds its row instead of adding a second.
CREATE TABLE consent_records (
  idempotency_key text PRIMARY KEY,
  consent_id text NOT NULL,
  brand text NOT NULL,
  lang text NOT NULL,
  policy_version text NOT NULL,
  action text NOT NULL CHECK (action IN ('accept', 'reject', 'save', 'close')),
  functional boolean NOT NULL,
  analytical boolean NOT NULL,
  targeting boolean NOT NULL,
  gpc boolean NOT NULL,
  correlation_id text,
  recorded_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX consent_records_by_visitor ON consent_records (brand, consent_id, recorded_at);
