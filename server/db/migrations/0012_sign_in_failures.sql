-- The password sign-in throttle (asked for by the store's operators): failures counted in the database, so
-- every server on one database counts the same attempts (10 in 5 minutes per brand, e-mail and
-- address). The key is a SHA-256 of brand, e-mail and address: no e-mail or address is stored.
CREATE TABLE sign_in_failures (
  key_hash text NOT NULL,
  failed_at_ms bigint NOT NULL
);
CREATE INDEX sign_in_failures_by_key ON sign_in_failures (key_hash, failed_at_ms);
CREATE INDEX sign_in_failures_by_time ON sign_in_failures (failed_at_ms);
