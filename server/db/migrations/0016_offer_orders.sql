-- Brewer-offer orders (nav spec §1, the starter-kit page's confirm step): one row per confirm form,
-- by the random key the form carries, so the same form sent twice puts the kit in the cart once.
CREATE TABLE offer_orders (
  order_key text PRIMARY KEY,
  brand text NOT NULL,
  cart_guid text NOT NULL REFERENCES carts (guid) ON DELETE CASCADE,
  offer text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
