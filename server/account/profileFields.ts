/**
 * The profile between the wire and the `users` table: which column each wire field lands in, how
 * a value is checked (121/122/124, or 9401 for a wrong type) and normalised before it is stored,
 * and how a stored row becomes the `CurrentUser` the client reads.
 */
import { normalizeMobile, normalizePersianLetters, normalizePostalCode } from '../../src/contract/normalize.ts';
import { normalizeText } from '../../src/contract/fields.ts';
import {
  completeProfileFields,
  fieldProblem,
  parseBirthDay,
  publicNameOrNull,
  registrationFields,
  type CurrentUser,
} from '../../src/contract/profile.ts';
import { AppError, badRequest } from '../errors.ts';

export type ProfileField = (typeof registrationFields)[number] | (typeof completeProfileFields)[number];

export const profileFields: readonly ProfileField[] = [...registrationFields, ...completeProfileFields];

/** Column names are fixed here and never taken from a request. */
export const columnOf: Readonly<Record<ProfileField, string>> = {
  email: 'email',
  firstName: 'first_name',
  lastName: 'last_name',
  publicUserName: 'public_user_name',
  birthDay: 'birth_day',
  city: 'city',
  state: 'state',
  country: 'country',
  mobileNumber: 'mobile',
  gender: 'gender',
  fatherName: 'father_name',
  postalCode: 'postal_code',
  residenceAddress: 'residence_address',
  maritalStatus: 'marital_status',
  militaryServiceStatus: 'military_service_status',
};

/** Names and places people type on Persian or Arabic keyboards: one spelling of ی and ک. */
const persianText: ReadonlySet<ProfileField> = new Set([
  'firstName',
  'lastName',
  'fatherName',
  'city',
  'state',
  'country',
  'residenceAddress',
]);

/** The names a profile cannot do without; sent blank they are refused rather than cleared. */
const requiredNames: ReadonlySet<ProfileField> = new Set(['firstName', 'lastName']);

/** A field's value as stored: normalised, with "none" as null. Assumes it passed `fieldProblem`. */
function storedValue(field: ProfileField, value: string, today: Date): string | null {
  const text = normalizeText(value, field === 'residenceAddress') ?? '';
  if (field === 'publicUserName') return publicNameOrNull(text);
  if (text === '') return null;
  switch (field) {
    case 'mobileNumber':
      return normalizeMobile(text);
    case 'birthDay':
      return parseBirthDay(text, today);
    case 'postalCode':
      return normalizePostalCode(text);
    default:
      return persianText.has(field) ? normalizePersianLetters(text) : text;
  }
}

export type ProfileChanges = Map<ProfileField, string | null>;

/**
 * The profile fields present in `body`, checked and normalised. Fields it does not carry are left
 * as they are; `userId` and unknown names are ignored. Throws the first field's catalogue code.
 */
export function readProfileChanges(body: Readonly<Record<string, unknown>>, today: Date): ProfileChanges {
  const changes: ProfileChanges = new Map();
  for (const field of profileFields) {
    const raw = body[field];
    if (raw === undefined) continue;
    if (raw !== null && typeof raw !== 'string') throw badRequest();
    const value = raw ?? '';
    if (/\u0000/.test(value)) throw badRequest();
    const problem = fieldProblem(field, field === 'publicUserName' ? (publicNameOrNull(value) ?? '') : value.trim(), today);
    if (problem !== null) throw new AppError(problem);
    const stored = storedValue(field, value, today);
    if (stored === null && requiredNames.has(field)) throw badRequest();
    changes.set(field, stored);
  }
  return changes;
}

/** A `users` row as the profile queries select it (dates already as text). */
export interface ProfileRow {
  username: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  public_user_name: string | null;
  birth_day: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  mobile: string | null;
  mobile_verified: boolean;
  gender: string | null;
  father_name: string | null;
  postal_code: string | null;
  residence_address: string | null;
  marital_status: string | null;
  military_service_status: string | null;
  registered: boolean;
  /** ISO text: PostgreSQL formats it, so no timestamp is parsed on every profile read. */
  created_at: string;
}

/** The select list that gives a `ProfileRow` from `users u`. */
export const profileColumnsSql = `u.username, u.email, u.first_name, u.last_name, u.public_user_name,
  to_char(u.birth_day, 'YYYY-MM-DD') AS birth_day, u.city, u.state, u.country, u.mobile, u.mobile_verified,
  u.gender, u.father_name, u.postal_code, u.residence_address, u.marital_status, u.military_service_status,
  u.registered_at IS NOT NULL AS registered,
  to_char(u.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at`;

/** Each profile field with the column it is read from, resolved once (this runs on every GetCurrectUser). */
const readOrder = profileFields.map((field) => [field, columnOf[field] as keyof ProfileRow] as const);

export function toCurrentUser(row: ProfileRow): CurrentUser {
  // One object filled in place: spreading a dynamically built one cost several µs per request.
  const user: Record<string, unknown> = {
    userName: row.username,
    mobileVerified: row.mobile_verified,
    completeness: 0,
    createdAt: row.created_at,
  };
  let filled = 0;
  for (const [field, column] of readOrder) {
    const value = (row[column] as string | null) ?? '';
    if (value !== '') filled++;
    user[field] = value;
  }
  user.completeness = Math.round((filled / profileFields.length) * 100);
  return user as unknown as CurrentUser;
}
