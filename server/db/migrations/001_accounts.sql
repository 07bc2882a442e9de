-- Accounts: people, their login sessions (one refresh-token family each), SMS codes and the
-- counters that slow brute force. Every time is written by the server from its clock, never by
-- now(), so tests drive expiry with a controllable clock.

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  username text NOT NULL,
  -- argon2id in PHC form: the parameters travel with the hash.
  password_hash text NOT NULL,
  email text,
  first_name text,
  last_name text,
  public_user_name text,
  birth_day date,
  city text,
  state text,
  country text,
  mobile text CHECK (mobile ~ '^09[0-9]{9}$'),
  mobile_verified boolean NOT NULL DEFAULT false,
  gender text,
  father_name text,
  postal_code text,
  residence_address text,
  marital_status text,
  military_service_status text,
  -- Set once the registration profile is complete; until then GetCurrectUser answers 101.
  registered_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX users_username_unique ON users (lower(username));
CREATE UNIQUE INDEX users_public_user_name_unique ON users (lower(public_user_name))
  WHERE public_user_name IS NOT NULL;
CREATE UNIQUE INDEX users_mobile_unique ON users (mobile) WHERE mobile IS NOT NULL;

-- One row per login: the refresh-token family. Ending it ends its access tokens too, since each
-- access token names its session and every authenticated request checks the session is live.
CREATE TABLE sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoke_reason text
);
CREATE INDEX sessions_live_by_user ON sessions (user_id) WHERE revoked_at IS NULL;

-- Only the SHA-256 of a refresh token is kept. A used token stays (with used_at) until its
-- session is purged, so presenting it again is recognised as reuse.
CREATE TABLE refresh_tokens (
  token_hash bytea PRIMARY KEY,
  session_id uuid NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  issued_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX refresh_tokens_by_session ON refresh_tokens (session_id);

CREATE TABLE verification_codes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  mobile text NOT NULL,
  purpose text NOT NULL CHECK (purpose IN ('login', 'reset', 'verify')),
  -- A keyed hash (HMAC with the server secret) of purpose, number and code.
  code_hash bytea NOT NULL,
  -- The signed-in person who asked to verify a number; null for login and reset codes.
  user_id uuid REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz
);
CREATE INDEX verification_codes_latest ON verification_codes (mobile, purpose, created_at DESC);

-- Every SMS sent, for the resend limits per number and per address.
CREATE TABLE sms_sends (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  mobile text NOT NULL,
  address text NOT NULL,
  sent_at timestamptz NOT NULL
);
CREATE INDEX sms_sends_by_mobile ON sms_sends (mobile, sent_at);
CREATE INDEX sms_sends_by_address ON sms_sends (address, sent_at);

-- Failure counters in fixed windows, keyed like 'user:demo', 'addr:1.2.3.4' or
-- 'code:login:09120000000'. In the database so that every server process sees the same counts.
CREATE TABLE auth_throttle (
  key text PRIMARY KEY,
  failures integer NOT NULL,
  -- The window opens at a key's first failure; the count starts again once it has ended.
  window_ends_at timestamptz NOT NULL,
  last_failure_at timestamptz NOT NULL
);

-- The account's own history (login, logout, refresh, profile and password changes), charted on
-- the person's dashboard.
CREATE TABLE user_activity (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX user_activity_by_user ON user_activity (user_id, at);
