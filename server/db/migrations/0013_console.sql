-- The operators' console: operator accounts apart from shoppers (no row of `users` can
-- sign in here, and no operator is a shopper), their sign-in sessions, and every change of a site
-- configuration value as a numbered version with who, when and why.

CREATE TABLE operators (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL UNIQUE,
  display_name text NOT NULL,
  password_hash text NOT NULL,
  -- brand: edits the plugin switches of `brands`; monitoring: reads traces only; admin: everything.
  role text NOT NULL CHECK (role IN ('brand', 'monitoring', 'admin')),
  brands text[] NOT NULL DEFAULT '{}'
);

-- A session is a random token in an HttpOnly cookie; only its SHA-256 is stored, so a copy of the
-- table signs nobody in. Each session has its own CSRF token, which every change must carry.
CREATE TABLE operator_sessions (
  token_hash text PRIMARY KEY,
  operator_id bigint NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
  csrf_token text NOT NULL,
  expires_at_ms bigint NOT NULL
);
CREATE INDEX operator_sessions_expiry ON operator_sessions (expires_at_ms);

-- Version n of (brand, key) is unique: two editors saving over the same version both try to insert
-- n + 1, and the second one fails instead of overwriting (optimistic concurrency, console/configVersions.ts).
CREATE TABLE site_config_versions (
  brand text NOT NULL,
  key text NOT NULL,
  version integer NOT NULL CHECK (version > 0),
  value text NOT NULL,
  changed_by text NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  reason text NOT NULL CHECK (length(reason) > 0),
  PRIMARY KEY (brand, key, version)
);
