/**
 * Rows of a spreadsheet checked exactly as a write would check them (decision 042): each cell is
 * read the way an Iranian file writes it (Persian or Arabic digits, «٫» and «،», Jalali or
 * Gregorian dates, ي/ك, references by code or name), then the row goes through the entity's own
 * `validateValues` and its module's `importable.check`, and is matched to a row already here by
 * the key column the person picked: a create, an update, or nothing to change. Pure, so it runs
 * in the import worker, in the bench and in tests alike.
 */
import { validateValues, type Entity, type Row } from './entity.ts';
import type { Field, FieldProblem } from './fields.ts';
import { gregorianOfJalali } from './jalali.ts';
import { normalizePersianLetters, toAsciiDigits } from './normalize.ts';

/** A cell as a sheet gives it: text, a number, a boolean, a date (exceljs) or nothing. */
export type Cell = string | number | boolean | Date | null | undefined;

/** Why a cell or a row is refused: a field's reason, a reference not found (or found twice), or a key twice in the file. */
export type ImportReason = FieldProblem['reason'] | 'reference' | 'ambiguous' | 'duplicate' | 'unique';

/** A header or a name as it compares: NFC, ي/ك as ی/ک, ASCII digits, lower case, no spaces, ZWNJ or punctuation. */
export function normalizeHeader(text: string): string {
  return normalizePersianLetters(toAsciiDigits(text.normalize('NFC')))
    .toLowerCase()
    .replace(/[\s\u200c\u200e\u200f_\-.:()[\]«»"'*]+/g, '');
}

/** A name as it compares for references and options: like a header, but spaces and ZWNJ count as one space. */
export function normalizeName(text: string): string {
  return normalizePersianLetters(toAsciiDigits(text.normalize('NFC')))
    .toLowerCase()
    .replace(/[\s\u200c]+/g, ' ')
    .trim();
}

/**
 * A number as a sheet writes it, as plain ASCII text ("-1234.5"), or null: Persian and Arabic
 * digits, «٫» (or a lone ".") as the decimal point, «٬», «،», "," and spaces between thousands.
 */
export function numberText(cell: Cell): string | null {
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : null;
  if (typeof cell !== 'string') return null;
  let text = toAsciiDigits(cell.trim())
    .replace(/[\s\u200c\u200e\u200f\u066c،,']/g, '')
    .replace('\u066b', '.')
    .replace(/^\u2212/, '-');
  if (text.startsWith('(') && text.endsWith(')')) text = `-${text.slice(1, -1)}`;
  return /^[+-]?\d+(\.\d+)?$/.test(text) ? text.replace(/^\+/, '') : null;
}

/**
 * A date as a sheet writes it, as `YYYY-MM-DD`, or null: a date cell; `1404/09/06`, `1404-9-6`
 * (a year before 1700 is Jalali) or `2025/11/27`; day first (`27/11/2025`) when the year is last.
 */
export function dateText(cell: Cell): string | null {
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? null : cell.toISOString().slice(0, 10);
  if (typeof cell !== 'string') return null;
  const parts = toAsciiDigits(cell.trim())
    .split(/[\sT]/)[0]!
    .split(/[-/.\u066b]/);
  if (parts.length !== 3 || !parts.every((p) => /^\d{1,4}$/.test(p))) return null;
  const [a, m, b] = parts.map(Number) as [number, number, number];
  const [year, day] = parts[0]!.length === 4 ? [a, b] : parts[2]!.length === 4 ? [b, a] : [NaN, NaN];
  if (!Number.isInteger(year) || m < 1 || m > 12) return null;
  if (year < 1700) return gregorianOfJalali(year, m, day);
  const iso = `${year}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  const check = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(check.getTime()) && check.toISOString().slice(0, 10) === iso ? iso : null;
}

const yes = new Set(['1', 'true', 'yes', 'y', 'بله', 'بلی', 'آری', 'اری', 'هست', 'دارد', 'فعال', '✓', '✔', 'x']);
const no = new Set(['0', 'false', 'no', 'n', 'خیر', 'نه', 'نیست', 'ندارد', 'غیرفعال', 'غیر فعال', '-', '✗']);

/** Words that name a select's options and a reference's rows, by normalised name. */
export interface ImportContext {
  /** Per select field: normalised option value or label (either language) → option value. */
  options: Record<string, Map<string, string>>;
  /** Per referenced entity key: normalised code or title → row id, or null when two rows share it. */
  references: Record<string, Map<string, string | null>>;
  /**
   * References named among the rows of another field's value (a document import's `within`): per
   * field, the field holding the parent and, per parent id, its words (a bin's code in its warehouse).
   */
  within?: Record<string, { group: string; words: Map<string, Map<string, string | null>> }>;
  /** Rows a module's whole-row check reads, per entity key, by id. */
  rows?: Record<string, Map<string, Row>>;
}

/** The words of one reference target: each row's code and title (normalised), null where two rows share one. */
export function referenceWords(
  target: Pick<Entity, 'titleField' | 'fields'>,
  rows: readonly Row[],
  also: readonly string[] = [],
): Map<string, string | null> {
  const words = new Map<string, string | null>();
  const add = (word: unknown, id: string) => {
    if (typeof word !== 'string' && typeof word !== 'number') return;
    const key = normalizeName(String(word));
    if (!key) return;
    const had = words.get(key);
    words.set(key, had === undefined || had === id ? id : null);
  };
  for (const row of rows) {
    if (row.deleted) continue;
    add(row.id, row.id);
    if ('code' in target.fields) add(row.code, row.id);
    add(row[target.titleField], row.id);
    for (const name of also) {
      const value = row[name];
      if (Array.isArray(value)) for (const item of value) add(item, row.id);
      else add(value, row.id);
    }
  }
  return words;
}

/** One cell read into the value its field's validator takes, or the reason it cannot be. */
export function readCell(field: Field, cell: Cell, name: string, context: ImportContext): { value: unknown } | { reason: ImportReason } {
  if (cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === '')) return { value: null };
  const text = cell instanceof Date ? cell.toISOString() : String(cell);
  switch (field.kind) {
    case 'text':
    case 'longText':
      return { value: normalizePersianLetters(typeof cell === 'number' ? String(cell) : text) };
    case 'integer':
    case 'decimal':
    case 'money': {
      const n = numberText(cell);
      return n === null ? { reason: 'type' } : { value: n };
    }
    case 'date': {
      const d = dateText(cell);
      return d === null ? { reason: 'format' } : { value: d };
    }
    case 'dateTime': {
      if (cell instanceof Date) return { value: cell.toISOString() };
      const ascii = toAsciiDigits(text.trim());
      const d = dateText(ascii);
      if (d === null) return { reason: 'format' };
      const time = /[\sT](\d{1,2}):(\d{2})(?::(\d{2}))?/.exec(ascii);
      return { value: time ? `${d}T${time[1]!.padStart(2, '0')}:${time[2]}:${time[3] ?? '00'}` : `${d}T00:00:00` };
    }
    case 'boolean': {
      if (typeof cell === 'boolean') return { value: cell };
      const word = normalizeName(text);
      return yes.has(word) ? { value: true } : no.has(word) ? { value: false } : { reason: 'type' };
    }
    case 'select': {
      const value = context.options[name]?.get(normalizeName(text));
      return value === undefined ? { reason: 'option' } : { value };
    }
    case 'reference': {
      const id = context.references[field.to]?.get(normalizeName(text));
      return id === undefined ? { reason: 'reference' } : id === null ? { reason: 'ambiguous' } : { value: id };
    }
    case 'stringList': {
      const items = toAsciiDigits(normalizePersianLetters(text))
        .split(/[\n;،,|]+/)
        .map((s) => s.trim())
        .filter(Boolean);
      if (!field.options) return { value: items };
      const values = items.map((item) => context.options[name]?.get(normalizeName(item)));
      return values.every((v) => v !== undefined) ? { value: values } : { reason: 'option' };
    }
    case 'mobile':
    case 'nationalId':
    case 'postalCode':
      return { value: toAsciiDigits(typeof cell === 'number' ? String(cell) : text) };
    case 'email':
      return { value: text.trim() };
  }
}

/** The person's choice: which sheet column fills which field, and which field matches existing rows. */
export interface ImportMapping {
  /** Field name → column index in the sheet. */
  columns: Record<string, number>;
  /** The field that finds a row already here (null: every row is a create). */
  key: string | null;
}

export type RowOutcome =
  | { line: number; action: 'create'; values: Record<string, unknown>; keyValue: string | null }
  | { line: number; action: 'update'; id: string; values: Record<string, unknown>; keyValue: string }
  | { line: number; action: 'same'; id: string; keyValue: string }
  | { line: number; action: 'error'; errors: Record<string, ImportReason> };

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The key's comparable form: a normalised name for text, the canonical value for others. */
function keyOf(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  return normalizeName(String(value));
}

/**
 * Reads, checks and matches every row. `existing` are the entity's rows here (the device's
 * copy); `startLine` is the sheet line of `rows[0]` (2 under a header row). A key met twice in
 * the file refuses the later rows; a unique field clashing with another row here refuses the row.
 */
export function checkImportRows(
  entity: Entity,
  rows: readonly (readonly Cell[])[],
  mapping: ImportMapping,
  context: ImportContext,
  existing: readonly Row[],
  startLine = 2,
): RowOutcome[] {
  const live = existing.filter((r) => !r.deleted);
  const byKey = new Map<string, Row>();
  if (mapping.key) for (const row of live) byKey.set(keyOf(row[mapping.key]) ?? '', row);
  byKey.delete('');
  const uniques = Object.entries(entity.fields).filter(([name, f]) => f.unique && name in mapping.columns);
  const taken: Record<string, Map<string, string>> = {};
  for (const [name] of uniques) {
    taken[name] = new Map();
    for (const row of live) {
      const k = keyOf(row[name]);
      if (k) taken[name].set(k, row.id);
    }
  }
  const seenKeys = new Set<string>();
  const seenUnique: Record<string, Set<string>> = Object.fromEntries(uniques.map(([n]) => [n, new Set<string>()]));
  return rows.map((cells, i): RowOutcome => {
    const line = startLine + i;
    const errors: Record<string, ImportReason> = {};
    const given: Record<string, unknown> = {};
    for (const [name, column] of Object.entries(mapping.columns)) {
      const field = entity.fields[name];
      if (!field || field.readOnly || context.within?.[name]) continue;
      const read = readCell(field, cells[column], name, context);
      if ('reason' in read) errors[name] = read.reason;
      else given[name] = read.value;
    }
    for (const [name, { group, words }] of Object.entries(context.within ?? {})) {
      const column = mapping.columns[name];
      const cell = column === undefined ? null : cells[column];
      if (cell === null || cell === undefined || (typeof cell === 'string' && !cell.trim())) given[name] = null;
      else if (typeof given[group] !== 'string') continue;
      else {
        const id = words.get(given[group])?.get(normalizeName(String(cell)));
        if (id === undefined) errors[name] = 'reference';
        else if (id === null) errors[name] = 'ambiguous';
        else given[name] = id;
      }
    }
    const keyValue = mapping.key ? keyOf(given[mapping.key]) : null;
    const match = keyValue ? byKey.get(keyValue) : undefined;
    const checked = validateValues(entity, given, match ? 'update' : 'create');
    if ('failure' in checked) for (const [name, reason] of Object.entries(checked.failure.fields)) errors[name] ??= reason;
    const values = 'values' in checked ? checked.values : given;
    if (Object.keys(errors).length === 0) {
      const rowOf = (key: string, id: unknown) => (typeof id === 'string' ? context.rows?.[key]?.get(id) : undefined);
      const own = entity.importable?.check?.(match ? { ...match, ...values } : values, rowOf);
      if (own) Object.assign(errors, own);
    }
    if (keyValue) {
      if (seenKeys.has(keyValue)) errors[mapping.key!] = 'duplicate';
      seenKeys.add(keyValue);
    }
    for (const [name] of uniques) {
      const k = keyOf(values[name]);
      if (!k || name === mapping.key) continue;
      const holder = taken[name]!.get(k);
      if (seenUnique[name]!.has(k)) errors[name] ??= 'duplicate';
      else if (holder && holder !== match?.id) errors[name] ??= 'unique';
      seenUnique[name]!.add(k);
    }
    if (Object.keys(errors).length) return { line, action: 'error', errors };
    if (!match) return { line, action: 'create', values, keyValue };
    const changed = Object.fromEntries(Object.entries(values).filter(([name, value]) => !same(match[name], value)));
    return Object.keys(changed).length
      ? { line, action: 'update', id: match.id, values: changed, keyValue: keyValue! }
      : { line, action: 'same', id: match.id, keyValue: keyValue! };
  });
}

/**
 * Columns guessed from the sheet's headers: a header equal (normalised) to a field's name or its
 * label in any language fills that field; each field and each column at most once.
 */
export function guessColumns(headers: readonly string[], words: Record<string, readonly string[]>): Record<string, number> {
  const byWord = new Map<string, string>();
  for (const [name, list] of Object.entries(words)) for (const w of [name, ...list]) byWord.set(normalizeHeader(w), name);
  const columns: Record<string, number> = {};
  headers.forEach((header, i) => {
    const name = byWord.get(normalizeHeader(header));
    if (name && !(name in columns)) columns[name] = i;
  });
  return columns;
}
