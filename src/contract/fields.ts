/**
 * The closed set of field kinds an entity is declared with. Each kind has one validator (here,
 * shared by client and server), one SQL column type (server) and one widget (client). Labels are
 * plain Lingui descriptors marked with i18n comments so extraction finds them without macros (the
 * server imports this file too).
 */
import { Code } from './codes.ts';
import { isValidEmail, isValidNationalId, normalizeMobile, normalizePostalCode, toAsciiDigits } from './normalize.ts';
import { MONEY_LIMIT, toRials, wireRials } from './money.ts';
import { fromThousandths, toThousandths } from './quantity.ts';

/** A message in the catalogues: `id` and its English source text. */
export interface Label {
  id: string;
  message: string;
}

export type FieldKind =
  | 'text'
  | 'longText'
  | 'integer'
  | 'decimal'
  | 'money'
  | 'date'
  | 'dateTime'
  | 'boolean'
  | 'select'
  | 'reference'
  | 'mobile'
  | 'email'
  | 'nationalId'
  | 'postalCode'
  | 'stringList';

interface FieldBase<K extends FieldKind> {
  kind: K;
  label: Label;
  required?: boolean;
  /** Unique among the panel's live rows of this entity. */
  unique?: boolean;
  /** Shown, searchable and filterable, but written only by the server (lifecycle hooks). */
  readOnly?: boolean;
  /** Kept for rules and references (an account id, a row id); never shown on screens. */
  internal?: boolean;
  /**
   * Who is sent the value. A grant of the entity (`grants`): only callers holding it; everyone
   * else gets null, and may neither search, filter nor sort by it. `server`: nobody; the value
   * never leaves the server. Unset: whoever may read the row. The server enforces it on REST, pull
   * and push answers alike.
   */
  readableBy?: string;
  /**
   * Separation of duties (docs/decisions/019-separation-of-duties.md): a field of review or
   * policy (a punch's verdict, the methods someone may clock in with) is written only by holders
   * of the entity's grant `grant`, and never on a row of the writer's own (the entity's `person`).
   * With `values`, only setting one of them counts (a punch made "manual"); otherwise setting it
   * on create to anything not empty (false counts as empty), or changing it. A field the server
   * keeps unless a grant allows a client to set it (warehousing's opening-stock flag) is one too.
   */
  guard?: { grant: string; values?: readonly string[] };
  hint?: Label;
  /** When the field applies at all (a cheque's serial only on a cheque line); unset: always. */
  appliesWhen?: AppliesWhen;
}

/**
 * A conditional field's condition, as data: the field applies while its sibling `field` (a header
 * field's among the header's, a line field's among its line's) holds one of `is`. Checked against
 * the declaration when the entity is defined; never code or text evaluated at run time. A field
 * that does not apply is neither shown in a form nor on a row's page, and a form writes it empty.
 */
export interface AppliesWhen {
  field: string;
  is: readonly string[];
}

/** Whether the field applies to these values (the row's, or for a line field its line's). */
export function fieldApplies(field: Pick<Field, 'appliesWhen'>, values: Readonly<Record<string, unknown>>): boolean {
  const when = field.appliesWhen;
  if (!when) return true;
  const value = Object.hasOwn(values, when.field) ? values[when.field] : undefined;
  return typeof value === 'string' && when.is.includes(value);
}

/** A declaration's conditions name a sibling select and its options: the reason, or null when they do. */
export function appliesWhenProblem(fields: Readonly<Record<string, Field>>): string | null {
  for (const [name, field] of Object.entries(fields)) {
    const when = field.appliesWhen;
    if (!when) continue;
    const on = Object.hasOwn(fields, when.field) ? fields[when.field] : undefined;
    if (on?.kind !== 'select' || on.appliesWhen) return `${name}: appliesWhen must name a select field that always applies`;
    const unknown = when.is.find((v) => !on.options.some((o) => o.value === v));
    if (unknown !== undefined || when.is.length === 0) return `${name}: appliesWhen names ${unknown ?? 'no'} option of ${when.field}`;
    if (field.required) return `${name}: a conditional field is not required (a rule of the module requires it where it must be given)`;
  }
  return null;
}

/** `readableBy` for a value that never leaves the server. */
export const SERVER_ONLY = 'server';

export interface TextField extends FieldBase<'text' | 'longText'> {
  max?: number;
}
/**
 * `integer` is int4; `money` an integer number of rials (bigint), a number while it is a safe
 * integer and its decimal text beyond (money.ts); `decimal` an exact quantity with three places
 * (numeric(18,3)), carried as its canonical text ("12.500", see quantity.ts).
 */
export interface NumberField extends FieldBase<'integer' | 'decimal' | 'money'> {
  min?: number;
  max?: number;
}
export interface SelectField extends FieldBase<'select'> {
  options: readonly { value: string; label: Label }[];
}
export interface ReferenceField extends FieldBase<'reference'> {
  /** The referenced entity's key, `<Module>/<Entity>`. */
  to: string;
}
export type SimpleField = FieldBase<'date' | 'dateTime' | 'boolean' | 'mobile' | 'email' | 'nationalId' | 'postalCode'>;

/** A list of texts; with `options`, a choice of several of them (a multi-select). */
export interface StringListField extends FieldBase<'stringList'> {
  options?: readonly { value: string; label: Label }[];
}

export type Field = TextField | NumberField | SelectField | ReferenceField | SimpleField | StringListField;

export const TEXT_MAX = 200;
export const LONG_TEXT_MAX = 4000;
/** An `integer` column is PostgreSQL's int4. */
const INTEGER_MAX = 2_147_483_647;
/**
 * What no text keeps: control characters, bidi embeddings, overrides and isolates, and invisible
 * characters (zero-width space and joiner, direction marks, word joiner, BOM, soft hyphen, Hangul
 * fillers, tags), which spoof names in member lists and the audit log. ZWNJ (U+200C) is not among
 * them: it is the Persian half-space. Tab and line feed are allowed in multi-line text only.
 */
const INVISIBLE =
  '\u007f-\u009f\u00ad\u061c\u115f\u1160\u180e\u200b\u200d-\u200f\u2028-\u202e\u2060-\u206f\u3164\ufeff\uffa0\ufff9-\ufffb\u{e0000}-\u{e007f}';
const REFUSED_IN_LINE = new RegExp(`[\\u0000-\\u001f${INVISIBLE}]`, 'u');
const REFUSED_IN_TEXT = new RegExp(`[\\u0000-\\u0008\\u000b-\\u001f${INVISIBLE}]`, 'u');

/**
 * Text as it is kept: Unicode NFC (one encoding of each letter, so equal names compare equal),
 * line breaks as LF, trimmed; or null when it holds a character no text may (see INVISIBLE).
 * Client and server both run it, so a form refuses what the server would.
 */
export function normalizeText(raw: string, multiline = false): string | null {
  const value = raw.normalize('NFC').replace(/\r\n?/g, '\n').trim();
  return (multiline ? REFUSED_IN_TEXT : REFUSED_IN_LINE).test(value) ? null : value;
}

export type FieldProblem = { code: number; reason: 'required' | 'type' | 'range' | 'format' | 'option' };

function problem(code: number, reason: FieldProblem['reason']): FieldProblem {
  return { code, reason };
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

function realDate(value: string): boolean {
  if (!isoDate.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** The panels' time zone: a date and time given without an offset is read as its wall clock. */
export const PANEL_TIME_ZONE = 'Asia/Tehran';

const isoDateTime = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/i;
let zoneParts: Intl.DateTimeFormat | null = null;

/** How far the panel's zone is ahead of UTC at an instant, in ms (Tehran: +3:30, +4:30 in its old summers). */
function zoneOffsetMs(instant: number): number {
  zoneParts ??= new Intl.DateTimeFormat('en-US', {
    timeZone: PANEL_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const parts = Object.fromEntries(zoneParts.formatToParts(new Date(instant)).map((p) => [p.type, Number(p.value)]));
  const wall = utcOf(parts.year!, parts.month!, parts.day!, parts.hour!, parts.minute!, parts.second!, 0);
  return wall - (instant - (((instant % 1000) + 1000) % 1000));
}

function utcOf(year: number, month: number, day: number, hour: number, minute: number, second: number, ms: number): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  d.setUTCHours(hour, minute, second, ms);
  return d.getTime();
}

/**
 * An ISO 8601 date and time as an instant: every part a real one (no 30 February, no hour 24),
 * with its offset, or read in the panel's time zone when it has none; 'format' or 'range' if not.
 */
export function readDateTime(text: string): Date | 'format' | 'range' {
  // An expanded year (+010000-…) is a real instant, but outside the years 1–9999 a column keeps.
  if (/^[+-]\d{6}-/.test(text)) return 'range';
  const m = isoDateTime.exec(text);
  if (!m) return 'format';
  const [, y, mo, d, h = '0', mi = '0', sec = '0', fraction = '', zone] = m;
  const [year, month, day, hour, minute, second] = [y, mo, d, h, mi, sec].map(Number) as [number, number, number, number, number, number];
  if (!realDate(`${y}-${mo}-${d}`) || hour > 23 || minute > 59 || second > 59) return 'format';
  if (year < 1) return 'range';
  const wall = utcOf(year, month, day, hour, minute, second, Number(fraction.slice(0, 3).padEnd(3, '0')));
  let instant: number;
  if (zone === undefined) {
    // The wall clock in the panel's zone: the offset at the guess, checked once more at the answer.
    instant = wall - zoneOffsetMs(wall - zoneOffsetMs(wall));
  } else if (zone.toUpperCase() === 'Z') {
    instant = wall;
  } else {
    const digits = zone.replace(':', '');
    const minutes = Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5) || '0');
    if (minutes > 18 * 60) return 'format';
    instant = wall - (zone.startsWith('-') ? -1 : 1) * minutes * 60_000;
  }
  const value = new Date(instant);
  const y2 = value.getUTCFullYear();
  return y2 >= 1 && y2 <= 9999 ? value : 'range';
}

/**
 * Brings a raw value into the kind's canonical form (ASCII digits, normalised mobile, NFC text
 * without invisible characters), or answers the problem with it. `undefined`/`null`/"" count as empty.
 */
export function normalizeField(field: Field, raw: unknown): { value: unknown } | { problem: FieldProblem } {
  const empty = raw === undefined || raw === null || raw === '' || (field.kind === 'stringList' && Array.isArray(raw) && raw.length === 0);
  if (empty) return field.required ? { problem: problem(Code.BadRequest, 'required') } : { value: field.kind === 'stringList' ? [] : null };
  switch (field.kind) {
    case 'text':
    case 'longText': {
      if (typeof raw !== 'string') return { problem: problem(Code.BadRequest, 'type') };
      const value = normalizeText(raw, field.kind === 'longText');
      if (value === null) return { problem: problem(Code.BadRequest, 'format') };
      const max = field.max ?? (field.kind === 'text' ? TEXT_MAX : LONG_TEXT_MAX);
      if (value.length > max) return { problem: problem(Code.BadRequest, 'range') };
      if (!value && field.required) return { problem: problem(Code.BadRequest, 'required') };
      return { value };
    }
    case 'integer': {
      const n =
        typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(toAsciiDigits(raw).replace(/[٬,]/g, '').replace('٫', '.')) : NaN;
      if (!Number.isFinite(n) || !Number.isInteger(n)) return { problem: problem(Code.BadRequest, 'type') };
      const max = field.max ?? INTEGER_MAX;
      const min = field.min ?? -max;
      if (n < min || n > max) return { problem: problem(Code.BadRequest, 'range') };
      return { value: n };
    }
    case 'money': {
      // Exact rials (money.ts): a JSON number that is whole but past 2^53 has lost digits already.
      if (typeof raw === 'number' && Number.isInteger(raw) && !Number.isSafeInteger(raw))
        return { problem: problem(Code.BadRequest, 'range') };
      const value = toRials(raw);
      if (value === null) return { problem: problem(Code.BadRequest, 'type') };
      const max = field.max !== undefined ? BigInt(field.max) : MONEY_LIMIT;
      const min = field.min !== undefined ? BigInt(field.min) : -max;
      if (value < min || value > max) return { problem: problem(Code.BadRequest, 'range') };
      return { value: wireRials(value) };
    }
    case 'decimal': {
      // Exact: canonical text with three decimals, compared in thousandths, never a float.
      const value = toThousandths(raw);
      if (value === null) return { problem: problem(Code.BadRequest, 'type') };
      if (
        (field.min !== undefined && value < BigInt(Math.round(field.min * 1000))) ||
        (field.max !== undefined && value > BigInt(Math.round(field.max * 1000)))
      ) {
        return { problem: problem(Code.BadRequest, 'range') };
      }
      return { value: fromThousandths(value) };
    }
    case 'date': {
      const value = typeof raw === 'string' ? toAsciiDigits(raw.trim()).slice(0, 10) : '';
      return realDate(value) ? { value } : { problem: problem(Code.BadRequest, 'format') };
    }
    case 'dateTime': {
      const read = typeof raw === 'string' ? readDateTime(toAsciiDigits(raw.trim())) : 'format';
      return typeof read === 'string' ? { problem: problem(Code.BadRequest, read) } : { value: read.toISOString() };
    }
    case 'boolean':
      return typeof raw === 'boolean' ? { value: raw } : { problem: problem(Code.BadRequest, 'type') };
    case 'select':
      return field.options.some((o) => o.value === raw) ? { value: raw } : { problem: problem(Code.BadRequest, 'option') };
    case 'reference':
      return typeof raw === 'string' && isUuid(raw) ? { value: raw.toLowerCase() } : { problem: problem(Code.IdNotRegistered, 'format') };
    case 'mobile': {
      const value = typeof raw === 'string' ? normalizeMobile(raw) : null;
      return value ? { value } : { problem: problem(Code.InvalidMobile, 'format') };
    }
    case 'email':
      return typeof raw === 'string' && isValidEmail(raw.trim())
        ? { value: raw.trim().toLowerCase() }
        : { problem: problem(Code.InvalidEmail, 'format') };
    case 'nationalId': {
      const value = typeof raw === 'string' ? toAsciiDigits(raw).replace(/[\s-]/g, '').padStart(10, '0') : '';
      return isValidNationalId(value) ? { value } : { problem: problem(Code.BadRequest, 'format') };
    }
    case 'postalCode': {
      const value = typeof raw === 'string' ? normalizePostalCode(raw) : null;
      return value ? { value } : { problem: problem(Code.BadRequest, 'format') };
    }
    case 'stringList': {
      const items =
        Array.isArray(raw) && raw.length <= 500
          ? raw.map((s) => (typeof s === 'string' && s.length <= TEXT_MAX ? normalizeText(s) : null))
          : null;
      if (!items?.every((s) => s !== null)) return { problem: problem(Code.BadRequest, 'type') };
      const options = field.options;
      if (options && !items.every((v) => options.some((o) => o.value === v))) return { problem: problem(Code.BadRequest, 'option') };
      return { value: [...new Set(items as string[])] };
    }
  }
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && uuidPattern.test(value);
}

/** A real Gregorian calendar day written `YYYY-MM-DD` (not 2025-02-30): a report's period bound. */
export function isCalendarDay(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const at = new Date(`${value}T12:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value;
}
