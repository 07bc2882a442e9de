-- The addresses an account (by username) or a verified number has signed in from, so that a
-- flood of failures from elsewhere, which closes the account's ceiling from anywhere, does not
-- close it to its owner at an address they have used (server/auth/rateLimit.ts, issue 23).
-- `identity` is the ceiling's own key ('user:demo', 'mobile:09120000000').
CREATE TABLE auth_known_addresses (
  identity text NOT NULL,
  address text NOT NULL,
  last_success_at timestamptz NOT NULL,
  PRIMARY KEY (identity, address)
);
CREATE INDEX auth_known_addresses_by_time ON auth_known_addresses (last_success_at);
