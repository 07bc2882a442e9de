-- Notification preferences (decision 047): per person and panel, how each kind reaches them
-- beyond the inbox (nothing more, push, or SMS), their quiet hours (minutes after local midnight
-- in the panel's zone; none when absent) and the language their SMS are worded in. What quiet
-- hours hold back waits in notification_held until they end; the scheduled run takes each held row
-- with one DELETE … RETURNING, so it is sent once whichever process runs.
CREATE TABLE notification_preferences (
  panel_id uuid NOT NULL REFERENCES panels (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL,
  channel text NOT NULL CHECK (channel IN ('inbox', 'push', 'sms')),
  PRIMARY KEY (panel_id, user_id, kind)
);

CREATE TABLE notification_settings (
  panel_id uuid NOT NULL REFERENCES panels (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  quiet_from smallint CHECK (quiet_from BETWEEN 0 AND 1439),
  quiet_to smallint CHECK (quiet_to BETWEEN 0 AND 1439),
  lang text NOT NULL DEFAULT 'fa',
  PRIMARY KEY (panel_id, user_id)
);

CREATE TABLE notification_held (
  id uuid PRIMARY KEY,
  panel_id uuid NOT NULL REFERENCES panels (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  channel text NOT NULL CHECK (channel IN ('push', 'sms')),
  notice jsonb NOT NULL,
  release_at timestamptz NOT NULL
);
CREATE INDEX notification_held_due ON notification_held (release_at);
