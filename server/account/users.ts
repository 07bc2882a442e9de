/**
 * The `users` table: finding people by username or mobile number, creating them, and changing
 * their profile, password and verified number. Usernames compare case-insensitively everywhere.
 */
import { Code } from '../../src/contract/codes.ts';
import { PgError, pgErrorCode, type Queryable } from '../db/Db.ts';
import { AppError } from '../errors.ts';
import { columnOf, profileColumnsSql, type ProfileChanges, type ProfileField, type ProfileRow } from './profileFields.ts';

export interface LoginUser {
  id: string;
  username: string;
  password_hash: string;
}

export async function findUserByUsername(db: Queryable, username: string): Promise<LoginUser | null> {
  const [row] = await db.query<LoginUser>('SELECT id, username, password_hash FROM users WHERE lower(username) = lower($1)', [username]);
  return row ?? null;
}

export async function findUserById(db: Queryable, userId: string): Promise<LoginUser | null> {
  const [row] = await db.query<LoginUser>('SELECT id, username, password_hash FROM users WHERE id = $1', [userId]);
  return row ?? null;
}

/**
 * The account whose VERIFIED number this is. A number typed into a profile but never verified
 * proves nothing about who holds it: it signs nobody in, resets nothing and blocks nobody.
 */
export async function findUserByVerifiedMobile(db: Queryable, mobile: string): Promise<LoginUser | null> {
  const [row] = await db.query<LoginUser>('SELECT id, username, password_hash FROM users WHERE mobile = $1 AND mobile_verified', [mobile]);
  return row ?? null;
}

/** Whether `name` is someone's username or public name (other than `exceptUserId`'s). */
export async function nameTaken(db: Queryable, name: string, exceptUserId: string | null = null): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM users
     WHERE (lower(username) = lower($1) OR lower(public_user_name) = lower($1)) AND ($2::uuid IS NULL OR id <> $2)
     LIMIT 1`,
    [name, exceptUserId],
  );
  return rows.length > 0;
}

/** The new user's id, or null when the username was taken meanwhile. */
export async function createUser(db: Queryable, username: string, passwordHash: string, now: number): Promise<string | null> {
  try {
    const [row] = await db.query<{ id: string }>(
      'INSERT INTO users (username, password_hash, created_at, updated_at) VALUES ($1, $2, $3, $3) RETURNING id',
      [username, passwordHash, new Date(now)],
    );
    return row!.id;
  } catch (error) {
    if (pgErrorCode(error) === PgError.uniqueViolation) return null;
    throw error;
  }
}

export async function loadProfile(db: Queryable, userId: string): Promise<ProfileRow | null> {
  const [row] = await db.query<ProfileRow>(`SELECT ${profileColumnsSql} FROM users u WHERE u.id = $1`, [userId]);
  return row ?? null;
}

function duplicateError(error: unknown, mobile: string | null | undefined): AppError | null {
  if (pgErrorCode(error) !== PgError.uniqueViolation) return null;
  const constraint = (error as { constraint?: string }).constraint;
  if (constraint === 'users_verified_mobile_unique') return new AppError(Code.AlreadyExists, 400, mobile ?? undefined);
  return new AppError(Code.UsernameTaken);
}

/**
 * Writes `changes` to the profile in one statement. A changed mobile number is no longer
 * verified; the profile counts as registered once it has both names. Answers the updated profile.
 */
export async function updateProfile(db: Queryable, userId: string, changes: ProfileChanges, now: number): Promise<ProfileRow> {
  const fields = [...changes.keys()];
  const params: unknown[] = [userId, new Date(now), ...fields.map((f) => changes.get(f))];
  // Parameters are typed, since some appear only where PostgreSQL cannot infer a type.
  const param = (field: ProfileField) => `$${fields.indexOf(field) + 3}::${field === 'birthDay' ? 'date' : 'text'}`;
  // In SET, a column name still means the old value; the parameter is the new one.
  const newValue = (field: ProfileField) => (changes.has(field) ? param(field) : columnOf[field]);
  const assignments = [
    ...fields.map((f) => `${columnOf[f]} = ${param(f)}`),
    `mobile_verified = mobile_verified AND mobile IS NOT DISTINCT FROM ${newValue('mobileNumber')}`,
    `registered_at = COALESCE(registered_at, CASE WHEN ${newValue('firstName')} IS NOT NULL AND ${newValue('lastName')} IS NOT NULL THEN $2::timestamptz END)`,
    'updated_at = $2',
  ];
  try {
    const [row] = await db.query<ProfileRow>(
      `UPDATE users u SET ${assignments.join(', ')} WHERE id = $1 RETURNING ${profileColumnsSql}`,
      params,
    );
    return row!;
  } catch (error) {
    throw duplicateError(error, changes.get('mobileNumber')) ?? error;
  }
}

export async function setPassword(db: Queryable, userId: string, passwordHash: string, now: number): Promise<void> {
  await db.query('UPDATE users SET password_hash = $2, updated_at = $3 WHERE id = $1', [userId, passwordHash, new Date(now)]);
}

/** Records that the owner of `userId` proved they hold `mobile` (by a code sent to it). */
export async function setVerifiedMobile(db: Queryable, userId: string, mobile: string, now: number): Promise<void> {
  try {
    await db.query('UPDATE users SET mobile = $2, mobile_verified = true, updated_at = $3 WHERE id = $1', [userId, mobile, new Date(now)]);
  } catch (error) {
    throw duplicateError(error, mobile) ?? error;
  }
}
