-- Saved payment cards, for the card-expiration notice of header spec §7 getSiteNotifications. Only
-- the card's type, its last four digits and its expiry are kept: never a card number.
CREATE TABLE payment_cards (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  card_type text NOT NULL,
  last4 text NOT NULL CHECK (last4 ~ '^[0-9]{4}$'),
  expiry_month integer NOT NULL CHECK (expiry_month BETWEEN 1 AND 12),
  expiry_year integer NOT NULL CHECK (expiry_year BETWEEN 2000 AND 2100),
  PRIMARY KEY (user_id, card_type, last4)
);
