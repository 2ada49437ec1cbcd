-- Admins manage the operators: a password an admin set (a new account's, or a reset) must be changed
-- by its operator at the next sign-in; and every change made in the console, on any brand, is kept
-- with who made it, when and from which address, for the admins' audit log.
ALTER TABLE operators ADD COLUMN must_change_password boolean NOT NULL DEFAULT false;

CREATE TABLE console_audit (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT clock_timestamp(),
  operator_email text NOT NULL,
  address text NOT NULL,
  action text NOT NULL,
  -- The brand a change was made on; null for changes to operators and to one's own account.
  brand text,
  detail text NOT NULL DEFAULT ''
);
CREATE INDEX console_audit_at ON console_audit (at DESC, id DESC);
CREATE INDEX console_audit_brand ON console_audit (brand, at DESC);
