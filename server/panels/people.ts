/**
 * People as the panels see them: a display name from the account (first and last name, else the
 * username) and the lookup of a person by username or mobile when they are added to a panel.
 */
import { normalizeMobile } from '../../src/contract/normalize.ts';
import type { Queryable } from '../db/Db.ts';

/** SQL for the display name of the users row aliased `u`. */
export function displayNameSql(u: string): string {
  return `coalesce(nullif(btrim(concat_ws(' ', ${u}.first_name, ${u}.last_name)), ''), ${u}.username)`;
}

export interface Person {
  userId: string;
  displayName: string;
  userName: string;
  /** Their verified number; a number they have not verified is nobody's business. */
  mobile: string | null;
}

const personColumns = `u.id AS "userId", ${displayNameSql('u')} AS "displayName", u.username AS "userName",
  CASE WHEN u.mobile_verified THEN u.mobile END AS mobile`;

/**
 * The account a login names: a username (any case) or a VERIFIED mobile number (any accepted
 * form). An unverified number proves nothing about who owns it, so it never adds anyone.
 */
export async function findPersonByLogin(q: Queryable, login: string): Promise<Person | null> {
  const mobile = normalizeMobile(login);
  const [row] = await q.query<Person>(
    `SELECT ${personColumns} FROM users u WHERE lower(u.username) = lower($1) OR (u.mobile_verified AND u.mobile = $2)
     ORDER BY (lower(u.username) = lower($1)) DESC LIMIT 1`,
    [login.trim(), mobile],
  );
  return row ?? null;
}

export async function findPersonById(q: Queryable, userId: string): Promise<Person | null> {
  const [row] = await q.query<Person>(`SELECT ${personColumns} FROM users u WHERE u.id = $1`, [userId]);
  return row ?? null;
}
