-- The purpose of each SMS sent (issue 14): the one-minute gap between two codes holds per purpose,
-- so the login code a person asks for right after verifying their number is not refused (only
-- verified numbers sign in now). The hourly caps still count every code. Sends from before this
-- have no purpose and count as every purpose.
ALTER TABLE sms_sends ADD COLUMN purpose text;
