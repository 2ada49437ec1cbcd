-- The loyalty programme (header spec §3, §6, §7). The flags customer data shows
-- (perks_opt_in, loyalty_program_opt_in, loyalty_excluded, loyalty_cashback_cents) stay on users,
-- where 0005 put them; these tables hold the rest. Every table's key is what makes a repeated
-- request (a double click, a retry, two tabs) land on the same row: the routes insert with
-- ON CONFLICT and never read-then-write.

-- A customer's standing in the programme beyond the flags: points, and the welcome offer.
CREATE TABLE loyalty_accounts (
  user_id text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  points_balance integer NOT NULL DEFAULT 0 CHECK (points_balance >= 0),
  -- Points one reward costs: pointsToNextReward is counted from it.
  points_per_reward integer NOT NULL DEFAULT 500 CHECK (points_per_reward > 0),
  -- Super-welcome (SWU) customers, a Canadian welcome offer (header spec §6; the isSWU cookie).
  super_welcome boolean NOT NULL DEFAULT false,
  -- When the customer joined (perks opt-in or programme sign-up, whichever came first); null: not yet.
  member_since timestamptz
);

-- Rewards a member may redeem; activeRewards counts those neither redeemed nor past expires_on.
CREATE TABLE loyalty_rewards (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code text NOT NULL,
  name_en text NOT NULL,
  name_fr text NOT NULL,
  value_cents integer NOT NULL CHECK (value_cents > 0),
  expires_on date NOT NULL,
  redeemed_at timestamptz,
  PRIMARY KEY (user_id, code)
);

-- Perks opt-ins made through updatePerksOptIn: one per customer, however often it is sent, with the
-- agent who made it for them (csAgentId) when it came from an agent session.
CREATE TABLE perks_opt_ins (
  user_id text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  cs_agent_id text CHECK (cs_agent_id <> ''),
  opted_in_at timestamptz NOT NULL DEFAULT clock_timestamp()
);

-- Loyalty programme sign-ups made through loyaltyProgramSignup: one per customer.
CREATE TABLE loyalty_signups (
  user_id text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  cs_agent_id text CHECK (cs_agent_id <> ''),
  signed_up_at timestamptz NOT NULL DEFAULT clock_timestamp()
);

-- A customer's referrals: one per referrer and friend's e-mail (lower-cased and trimmed).
CREATE TABLE referrals (
  referrer_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email text NOT NULL CHECK (email = lower(btrim(email)) AND email <> ''),
  first_name text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (referrer_id, email)
);

-- Footer newsletter subscriptions (kpcEmailSignup): one per brand and e-mail.
CREATE TABLE newsletter_subscriptions (
  brand text NOT NULL CHECK (brand IN ('usb2c', 'cab2c', 'usafh')),
  email text NOT NULL CHECK (email = lower(btrim(email)) AND email <> ''),
  -- The language the shopper subscribed in, the first time.
  lang text NOT NULL CHECK (lang IN ('en', 'fr')),
  -- The terms (subscribe) box was ticked, on any of the requests.
  terms_accepted boolean NOT NULL,
  subscribed_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (brand, email)
);
