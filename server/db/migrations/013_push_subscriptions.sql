-- Web push (decision 040): one row per device that turned notifications on, per account. The
-- session that subscribed it is kept, so signing out (or any end of that session) removes it;
-- the push service's 404/410 removes it too. `lang` is the device's language: the server words
-- the message in it. The endpoint is the push service's address of the device (its identity).
CREATE TABLE push_subscriptions (
  endpoint text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  session_id uuid NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  p256dh text NOT NULL,
  auth text NOT NULL,
  lang text NOT NULL DEFAULT 'fa',
  created_at timestamptz NOT NULL
);
CREATE INDEX push_subscriptions_by_user ON push_subscriptions (user_id);
CREATE INDEX push_subscriptions_by_session ON push_subscriptions (session_id);
