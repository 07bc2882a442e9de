/**
 * The closed set of field kinds an entity is declared with. Each kind has one validator (here,
 * shared by client and server), one SQL column type (server) and one widget (client). Labels are
 * plain Lingui descriptors marked with i18n comments so extraction finds them without macros (the
 * server imports this file too).
 */
import { Code } from './codes.ts';
import { isValidEmail, isValidNationalId, normalizeMobile, normalizePostalCode, toAsciiDigits } from './normalize.ts';

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
  hint?: Label;
}

export interface TextField extends FieldBase<'text' | 'longText'> {
  max?: number;
}
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
export type SimpleField = FieldBase<'date' | 'dateTime' | 'boolean' | 'mobile' | 'email' | 'nationalId' | 'postalCode' | 'stringList'>;

export type Field = TextField | NumberField | SelectField | ReferenceField | SimpleField;

export const TEXT_MAX = 200;
export const LONG_TEXT_MAX = 4000;
const MONEY_MAX = 9_000_000_000_000_000; // rials; stays within a JavaScript integer
/** An `integer` column is PostgreSQL's int4. */
const INTEGER_MAX = 2_147_483_647;
/** Text PostgreSQL cannot store. */
const NUL = '\u0000';

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

/**
 * Brings a raw value into the kind's canonical form (ASCII digits, normalised mobile, trimmed
 * text), or answers the problem with it. `undefined`/`null`/"" count as empty.
 */
export function normalizeField(field: Field, raw: unknown): { value: unknown } | { problem: FieldProblem } {
  const empty = raw === undefined || raw === null || raw === '' || (field.kind === 'stringList' && Array.isArray(raw) && raw.length === 0);
  if (empty) return field.required ? { problem: problem(Code.BadRequest, 'required') } : { value: field.kind === 'stringList' ? [] : null };
  switch (field.kind) {
    case 'text':
    case 'longText': {
      if (typeof raw !== 'string') return { problem: problem(Code.BadRequest, 'type') };
      if (raw.includes(NUL)) return { problem: problem(Code.BadRequest, 'format') };
      const value = raw.trim();
      const max = field.max ?? (field.kind === 'text' ? TEXT_MAX : LONG_TEXT_MAX);
      if (value.length > max) return { problem: problem(Code.BadRequest, 'range') };
      if (!value && field.required) return { problem: problem(Code.BadRequest, 'required') };
      return { value };
    }
    case 'integer':
    case 'decimal':
    case 'money': {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(toAsciiDigits(raw).replace(/[٬,]/g, '').replace('٫', '.')) : NaN;
      if (!Number.isFinite(n)) return { problem: problem(Code.BadRequest, 'type') };
      if (field.kind !== 'decimal' && !Number.isInteger(n)) return { problem: problem(Code.BadRequest, 'type') };
      const max = field.max ?? { integer: INTEGER_MAX, money: MONEY_MAX, decimal: Number.MAX_SAFE_INTEGER }[field.kind];
      const min = field.min ?? -max;
      if (n < min || n > max) return { problem: problem(Code.BadRequest, 'range') };
      return { value: n };
    }
    case 'date': {
      const value = typeof raw === 'string' ? toAsciiDigits(raw.trim()).slice(0, 10) : '';
      return realDate(value) ? { value } : { problem: problem(Code.BadRequest, 'format') };
    }
    case 'dateTime': {
      const d = typeof raw === 'string' ? new Date(raw) : null;
      if (!d || Number.isNaN(d.getTime())) return { problem: problem(Code.BadRequest, 'format') };
      const year = d.getUTCFullYear();
      return year >= 1 && year <= 9999 ? { value: d.toISOString() } : { problem: problem(Code.BadRequest, 'range') };
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
      return typeof raw === 'string' && isValidEmail(raw.trim()) ? { value: raw.trim().toLowerCase() } : { problem: problem(Code.InvalidEmail, 'format') };
    case 'nationalId': {
      const value = typeof raw === 'string' ? toAsciiDigits(raw).replace(/[\s-]/g, '').padStart(10, '0') : '';
      return isValidNationalId(value) ? { value } : { problem: problem(Code.BadRequest, 'format') };
    }
    case 'postalCode': {
      const value = typeof raw === 'string' ? normalizePostalCode(raw) : null;
      return value ? { value } : { problem: problem(Code.BadRequest, 'format') };
    }
    case 'stringList':
      return Array.isArray(raw) && raw.length <= 500 && raw.every((s) => typeof s === 'string' && s.length <= TEXT_MAX && !s.includes(NUL))
        ? { value: [...new Set(raw as string[])] }
        : { problem: problem(Code.BadRequest, 'type') };
  }
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && uuidPattern.test(value);
}
