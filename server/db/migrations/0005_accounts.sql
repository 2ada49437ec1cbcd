-- The account layer (header spec §3, §6, §7): users, their sessions (refresh-token families), the
-- token signing key, carts, password-reset requests and recipe sets. Passwords are kept only as
-- scrypt hashes and refresh tokens only as SHA-256 hashes, so a copy of the database signs nobody in.

-- Customer ids of new sign-ups; seeded accounts use fixed ids below this range (fixtures/accounts.ts).
CREATE SEQUENCE customer_number START 1000000001;

CREATE TABLE users (
  id text PRIMARY KEY,
  brand text NOT NULL CHECK (brand IN ('usb2c', 'cab2c', 'usafh')),
  -- Stored lower-cased and trimmed, so the per-brand uniqueness is case-insensitive.
  email text NOT NULL CHECK (email = lower(btrim(email)) AND email <> ''),
  -- scrypt$N$r$p$salt$key (salt and key base64url): the parameters travel with each hash, so they can
  -- be raised later without invalidating older passwords.
  password_hash text NOT NULL CHECK (password_hash LIKE 'scrypt$%'),
  first_name text NOT NULL,
  last_name text NOT NULL DEFAULT '',
  -- The id the REST API uses (`users/{customerId}`) and the CustomerID cookie.
  customer_id text NOT NULL UNIQUE DEFAULT nextval('customer_number')::text,
  role text NOT NULL DEFAULT 'customer' CHECK (role IN ('customer', 'agent')),
  price_group text,
  user_group text,
  perks_opt_in boolean NOT NULL DEFAULT false,
  loyalty_program_opt_in boolean NOT NULL DEFAULT false,
  -- Canadian loyalty-excluded customers (header spec §4 loyalty display).
  loyalty_excluded boolean NOT NULL DEFAULT false,
  loyalty_cashback_cents integer NOT NULL DEFAULT 0 CHECK (loyalty_cashback_cents >= 0),
  connected_brewer boolean NOT NULL DEFAULT false,
  -- Auto-delivery type (getAdType): NONE, or the programme the customer is in (ADF, ...).
  ad_type text NOT NULL DEFAULT 'NONE',
  is_employee boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  UNIQUE (brand, email)
);

-- One row per session: a login, sign-up or agent session starts a family, and every refresh adds a
-- token to it. Revoking the family (logout, or a spent token presented again) ends the session.
CREATE TABLE refresh_token_families (
  id text PRIMARY KEY,
  -- Who signed in: the customer, or for an agent (nobo) session the agent.
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- Agent sessions: the customer the agent acts for.
  acting_for text REFERENCES users (id) ON DELETE CASCADE,
  client_id text NOT NULL,
  -- Lifetimes chosen at sign-in; every rotation in the family reuses them unless told otherwise.
  access_ttl_seconds integer NOT NULL CHECK (access_ttl_seconds > 0),
  refresh_ttl_seconds integer NOT NULL CHECK (refresh_ttl_seconds > 0),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  revoked_at timestamptz,
  revoked_reason text CHECK (revoked_reason IN ('logout', 'reused'))
);
CREATE INDEX refresh_token_families_user ON refresh_token_families (user_id);

CREATE TABLE refresh_tokens (
  -- Hex SHA-256 of the opaque token; the token itself is never stored.
  token_hash text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  family_id text NOT NULL REFERENCES refresh_token_families (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  -- Set when the token was exchanged for a new one; presenting it again is reuse.
  spent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id);

-- RS256 key pairs as JWK, so tokens signed before a restart still verify after it. The newest signs;
-- all are published in the JWK set. The private key is stored in the clear: this is a reference
-- server, a production one keeps it in a key store.
CREATE TABLE signing_keys (
  kid text PRIMARY KEY,
  alg text NOT NULL CHECK (alg = 'RS256'),
  private_jwk jsonb NOT NULL,
  public_jwk jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);

-- A customer's cart (user_id set), or an anonymous one found by its guid or the SESSION it belongs to.
CREATE TABLE carts (
  guid text PRIMARY KEY,
  brand text NOT NULL CHECK (brand IN ('usb2c', 'cab2c', 'usafh')),
  user_id text REFERENCES users (id) ON DELETE CASCADE,
  session_id text,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE UNIQUE INDEX carts_user ON carts (brand, user_id) WHERE user_id IS NOT NULL;
CREATE UNIQUE INDEX carts_session ON carts (brand, session_id) WHERE session_id IS NOT NULL;

CREATE TABLE cart_entries (
  cart_guid text NOT NULL REFERENCES carts (guid) ON DELETE CASCADE,
  entry_number integer NOT NULL CHECK (entry_number >= 0),
  product_code text NOT NULL,
  quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 999),
  PRIMARY KEY (cart_guid, entry_number),
  UNIQUE (cart_guid, product_code)
);

-- Every forgot-password request, known email or not (the answer never tells which).
CREATE TABLE password_reset_requests (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  brand text NOT NULL,
  email text NOT NULL,
  user_id text REFERENCES users (id) ON DELETE CASCADE,
  requested_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX password_reset_requests_email ON password_reset_requests (brand, email);

-- Recipe sets made by generate-cart-item for logged-out shoppers with customize=true (header spec §4).
CREATE TABLE recipe_sets (
  id text PRIMARY KEY,
  brand text NOT NULL CHECK (brand IN ('usb2c', 'cab2c', 'usafh')),
  product_code text,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
