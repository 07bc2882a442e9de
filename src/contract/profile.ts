/**
 * The profile as it travels (spec section 3), its closed value sets, and the checks both sides
 * run. The server answers 121/122/124 from these; the client shows the same codes before sending.
 */
import { Code } from './codes.ts';
import { normalizeText } from './fields.ts';
import { isValidEmail, normalizeMobile, normalizePostalCode, toAsciiDigits } from './normalize.ts';

export const genders = ['male', 'female'] as const;
export const maritalStatuses = ['single', 'married'] as const;
export const militaryServiceStatuses = ['notApplicable', 'completed', 'exempt', 'serving', 'eligible'] as const;

export type Gender = (typeof genders)[number];
export type MaritalStatus = (typeof maritalStatuses)[number];
export type MilitaryServiceStatus = (typeof militaryServiceStatuses)[number];

/** POST /api/Profile/RegistrationProfile: `userId` is ignored; `publicUserName` "null" or "" means none. */
export interface RegistrationProfilePayload {
  userId?: number;
  email: string;
  firstName: string;
  lastName: string;
  publicUserName: string;
  birthDay: string;
  city: string;
  state: string;
  country: string;
  mobileNumber: string;
  gender: Gender | '';
}

/** The complete-profile subset, which PUT /api/Profile/UpdateProfile also accepts alone. */
export interface CompleteProfilePayload {
  fatherName: string;
  postalCode: string;
  residenceAddress: string;
  maritalStatus: MaritalStatus | '';
  militaryServiceStatus: MilitaryServiceStatus | '';
}

/** PUT /api/Profile/UpdateProfile with everything: `userId` always 0, `publicUserName` "" when none. */
export type ProfilePayload = RegistrationProfilePayload & CompleteProfilePayload;

/** What GET /api/Profile/GetCurrectUser answers once the registration profile exists. */
export interface CurrentUser extends Omit<ProfilePayload, 'userId'> {
  userName: string;
  mobileVerified: boolean;
  /** Share of the profile's fields that are filled, 0–100. */
  completeness: number;
  createdAt: string;
}

/** GET /api/Profile/Activity: the signed-in person's account events per day (Asia/Tehran days), oldest first. */
export interface ActivityDay {
  /** The calendar day, YYYY-MM-DD (Gregorian). */
  date: string;
  count: number;
}

export interface ActivityData {
  days: ActivityDay[];
}

/** How many days GET /api/Profile/Activity covers, today included. */
export const ACTIVITY_DAYS = 30;

export const registrationFields = [
  'email',
  'firstName',
  'lastName',
  'publicUserName',
  'birthDay',
  'city',
  'state',
  'country',
  'mobileNumber',
  'gender',
] as const satisfies readonly (keyof RegistrationProfilePayload)[];

export const completeProfileFields = [
  'fatherName',
  'postalCode',
  'residenceAddress',
  'maritalStatus',
  'militaryServiceStatus',
] as const satisfies readonly (keyof CompleteProfilePayload)[];

export const NAME_MAX = 64;
export const ADDRESS_MAX = 300;
export const OLDEST_AGE_YEARS = 120;

/** `publicUserName` as the wire sends "none": the text "null" on registration, "" on update. */
export function publicNameOrNull(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' || trimmed.toLowerCase() === 'null' ? null : trimmed;
}

/**
 * A birth date as an ISO calendar date, or null when it is not a real date, lies in the future, or
 * gives an age over 120 years. Accepts `YYYY-MM-DD` and a full ISO timestamp (its date part).
 */
export function parseBirthDay(value: unknown, today: Date = new Date()): string | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(toAsciiDigits(value.trim()));
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  const todayUtc = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  if (date.getTime() > todayUtc) return null;
  if (y < today.getUTCFullYear() - OLDEST_AGE_YEARS) return null;
  return `${match[1]}-${match[2]}-${match[3]}`;
}

/**
 * The first catalogue code a registration or profile field breaks, or null when it is valid.
 * `today` anchors the birth-date check (the server passes its clock's date).
 */
export function fieldProblem(field: string, value: unknown, today: Date = new Date()): number | null {
  if (value === undefined || value === null || value === '') return null;
  switch (field) {
    case 'email':
      return typeof value === 'string' && isValidEmail(value.trim()) ? null : Code.InvalidEmail;
    case 'mobileNumber':
      return typeof value === 'string' && normalizeMobile(value) ? null : Code.InvalidMobile;
    case 'birthDay':
      return parseBirthDay(value, today) ? null : Code.InvalidBirthDate;
    case 'postalCode':
      return typeof value === 'string' && normalizePostalCode(value) ? null : Code.BadRequest;
    case 'gender':
      return (genders as readonly unknown[]).includes(value) ? null : Code.BadRequest;
    case 'maritalStatus':
      return (maritalStatuses as readonly unknown[]).includes(value) ? null : Code.BadRequest;
    case 'militaryServiceStatus':
      return (militaryServiceStatuses as readonly unknown[]).includes(value) ? null : Code.BadRequest;
    case 'residenceAddress':
      return typeof value === 'string' && value.length <= ADDRESS_MAX && normalizeText(value, true) !== null ? null : Code.BadRequest;
    default:
      return typeof value === 'string' && value.length <= NAME_MAX && normalizeText(value) !== null ? null : Code.BadRequest;
  }
}

/** Password rules of OWASP ASVS 5.0 §6.2: length only (8–128), no composition rules. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** Usernames: 3–32 Latin letters, digits, dot, underscore or dash, starting with a letter. */
export const USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9._-]{2,31}$/;
