-- Only a verified number belongs to an account (issue 14): it alone signs in, resets a password
-- and is unique. A number typed into a profile but not verified is pending: it proves nothing,
-- so it blocks nobody else from verifying it. Hand-written: users is not a declared entity.
DROP INDEX users_mobile_unique;
CREATE UNIQUE INDEX users_verified_mobile_unique ON users (mobile) WHERE mobile_verified;
