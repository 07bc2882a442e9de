/**
 * The one list engine's rules, for every entity list wherever it runs: the server's SQL (REST) and
 * the device's rows in memory (screens, offline) read the same `ListParams` and follow the same
 * rules, so a list shows the same rows in the same order on both. A property test runs random
 * lists through both and compares.
 *
 * - Search: every word must appear in the row's search text (its search fields, folded by
 *   `normalizeSearch`: digits to ASCII, Arabic ي/ك to Persian, ZWNJ to a space, lower case).
 * - Filters: a field equals a value (normalised as the field's kind normalises input); `null`
 *   means "is empty"; for string lists, "contains".
 * - Ranges (numbers, dates, date-times), inclusive; a date-time bound given as a day is that
 *   calendar day in Tehran (from its first instant, to its last), given as an instant is exact.
 * - Sort: by one field, ascending or descending, empty values last either way, then by id; text
 *   by `sortKey` (Persian alphabetical order, digit runs as numbers, case folded), exact
 *   quantities and numbers as numbers.
 */
import { fieldOf, LIST_PAGE_SIZE_DEFAULT, LIST_PAGE_SIZE_MAX, type Entity } from './entity.ts';
import { normalizeField, type Field, type FieldKind } from './fields.ts';
import { normalizePersianText, toAsciiDigits } from './normalize.ts';
import { compareQuantities } from './quantity.ts';

export type SortDirection = 'asc' | 'desc';

export interface ListRange {
  from?: string | null;
  to?: string | null;
}

export interface ListParams {
  search?: string;
  /** field → the value it must equal (null: is empty); undefined or absent: no filter. */
  filters?: Record<string, unknown>;
  ranges?: Record<string, ListRange>;
  sort?: { field: string; direction: SortDirection };
  /** 1-based; with pageSize. Without them every matching row is answered (for virtual scrolling). */
  page?: number;
  pageSize?: number;
}

export class ListQueryError extends Error {
  override name = 'ListQueryError';
}

export const rangeKinds: ReadonlySet<FieldKind> = new Set(['integer', 'decimal', 'money', 'date', 'dateTime']);
const numberKinds: ReadonlySet<FieldKind> = new Set(['integer', 'money']);
/** Kinds sorted by `sortKey` (text people read); the rest by value. */
export const textSortKinds: ReadonlySet<FieldKind> = new Set(['text', 'longText', 'email']);

/**
 * Whether an entity's rows are ordered by the title's stored sort key (`_sort` on the device): a
 * text title; any other title is compared by its value.
 */
export function sortsByTitle(entity: Pick<Entity, 'fields' | 'titleField'>): boolean {
  const kind = entity.fields[entity.titleField]?.kind;
  return kind !== undefined && textSortKinds.has(kind);
}

export function normalizeSearch(text: string): string {
  // ZWNJ counts as a space: people type «نام ها» as often as «نام‌ها».
  return normalizePersianText(text)
    .replace(/\u200c/g, ' ')
    .toLowerCase();
}

/** The words of a search, each of which a row must contain. */
export function searchWords(search: string | undefined): string[] {
  return normalizeSearch((search ?? '').slice(0, 200))
    .split(/\s+/)
    .filter(Boolean);
}

export function searchTextOf(entity: Pick<Entity, 'searchFields'>, row: Record<string, unknown>): string {
  return entity.searchFields
    .map((name) => row[name])
    .filter((value) => value !== null && value !== undefined && value !== '')
    .map((value) => normalizeSearch(String(value)))
    .join('\n');
}

/**
 * Persian letters in alphabetical order (Arabic forms folded first), then Latin ones. Each maps
 * to one code point in a private range that sorts in that order, so a code-point comparison
 * (`compareText`, PostgreSQL's COLLATE "C") orders text as a Persian dictionary does, Persian
 * words before Latin ones.
 */
const persianAlphabet = 'آاأإءئؤبپتثجچحخدذرزژسشصضطظعغفقکگلمنوهی';
const letterRank = new Map([
  ...[...persianAlphabet].map((ch, i): [string, string] => [ch, String.fromCharCode(0xe000 + i)]),
  ...[...'abcdefghijklmnopqrstuvwxyz'].map((ch, i): [string, string] => [ch, String.fromCharCode(0xe100 + i)]),
]);

/**
 * The text a row sorts by: case folded, letters in the order above, and each run of digits as a
 * length-prefixed number so that "2" comes before "10" (numbers before words).
 */
export function sortKey(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = normalizePersianText(String(value))
    .replace(/\u200c/g, ' ')
    .toLowerCase();
  let out = '';
  for (const part of text.split(/(\d+)/)) {
    if (/^\d+$/.test(part)) {
      const digits = part.replace(/^0+(?=\d)/, '');
      out += String.fromCharCode(0x30 + Math.min(digits.length, 40)) + digits;
    } else {
      for (const ch of part) out += letterRank.get(ch) ?? ch;
    }
  }
  return out;
}

/** The instant a Tehran calendar day starts or ends (Iran has kept +03:30 all year since 2023). */
export function tehranDayBound(day: string, end: boolean): string {
  return new Date(`${day}T${end ? '23:59:59.999' : '00:00:00.000'}+03:30`).toISOString();
}

function normalizedValue(field: Field, raw: unknown): unknown {
  const kind = field.kind === 'stringList' ? 'text' : field.kind;
  const input = field.kind === 'boolean' && typeof raw === 'string' ? (raw === 'true' ? true : raw === 'false' ? false : raw) : raw;
  const result = normalizeField({ ...field, kind, required: true } as Field, input);
  if ('problem' in result) throw new ListQueryError(`bad value for ${field.label.message}`);
  return result.value;
}

/** A range's bounds in the form its column compares: numbers, exact quantities, days, or Tehran-day instants. */
export function rangeBounds(field: Field, range: ListRange): { from?: unknown; to?: unknown } {
  const bound = (raw: string | null | undefined, end: boolean) => {
    if (raw === undefined || raw === null || raw === '') return undefined;
    // A day names all of it in Tehran; a full instant names itself.
    if (field.kind === 'dateTime' && /^\d{4}-\d{2}-\d{2}$/.test(toAsciiDigits(String(raw)).trim())) {
      return tehranDayBound(String(normalizedValue({ ...field, kind: 'date' } as Field, raw)), end);
    }
    return normalizedValue(field, raw);
  };
  const from = bound(range.from, false);
  const to = bound(range.to, true);
  return { ...(from !== undefined ? { from } : {}), ...(to !== undefined ? { to } : {}) };
}

/**
 * Query-string parameters of a REST list (entity.ts) as ListParams, checked against the
 * declaration. A field the caller may not see (`readable` false) may neither filter nor sort.
 */
export function parseListQuery(
  entity: Entity,
  query: Record<string, unknown>,
  readable: (name: string) => boolean = () => true,
): ListParams {
  const single = (value: unknown): string | undefined => {
    if (value === undefined) return undefined;
    if (typeof value !== 'string' || value.includes('\u0000')) throw new ListQueryError('not a single value');
    return value;
  };
  const whole = (value: string | undefined, fallback: number, min: number, max: number) => {
    if (value === undefined || value === '') return fallback;
    const n = Number(value);
    if (!Number.isInteger(n) || n < min || n > max) throw new ListQueryError('not a whole number in range');
    return n;
  };
  const filters: Record<string, unknown> = {};
  const ranges: Record<string, ListRange> = {};
  for (const [key, value] of Object.entries(query)) {
    if (!key.startsWith('filter.')) continue;
    const [name = '', bound, extra] = key.slice('filter.'.length).split('.');
    const field = fieldOf(entity, name) && readable(name) ? fieldOf(entity, name) : undefined;
    const raw = single(value) ?? '';
    if (!field || extra !== undefined) throw new ListQueryError(`unknown filter ${key}`);
    if (bound === undefined) filters[name] = raw === '' ? null : normalizedValue(field, raw);
    else if ((bound === 'from' || bound === 'to') && rangeKinds.has(field.kind) && raw !== '')
      ranges[name] = { ...ranges[name], [bound]: raw };
    else throw new ListQueryError(`bad filter ${key}`);
  }
  const sortField = single(query.sort) || entity.defaultSort.field;
  if (sortField !== 'updatedAt' && (!fieldOf(entity, sortField) || !readable(sortField) || entity.fields[sortField]!.kind === 'stringList'))
    throw new ListQueryError('not a sortable field');
  const direction = single(query.order) || (single(query.sort) ? 'asc' : entity.defaultSort.direction);
  if (direction !== 'asc' && direction !== 'desc') throw new ListQueryError('bad order');
  for (const [name, range] of Object.entries(ranges)) rangeBounds(entity.fields[name]!, range);
  return {
    search: single(query.search) ?? '',
    filters,
    ranges,
    sort: { field: sortField, direction },
    page: whole(single(query.page), 1, 1, 1_000_000),
    pageSize: whole(single(query.pageSize), LIST_PAGE_SIZE_DEFAULT, 1, LIST_PAGE_SIZE_MAX),
  };
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

/** The active filters: undefined means none; null means "is empty". */
export function activeFilters(filters: ListParams['filters']): [string, unknown][] {
  return Object.entries(filters ?? {}).filter(([, value]) => value !== undefined && value !== '');
}

/**
 * Text in code-point order, which is PostgreSQL's COLLATE "C" (UTF-8 bytes) order too; a plain
 * `<` compares UTF-16 code units, which differ once a character lies beyond U+FFFF.
 */
export function compareText(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(i)!;
    if (x !== y) return x < y ? -1 : 1;
    if (x > 0xffff) i++;
  }
  return a.length - b.length;
}

/** Compares two values of a field for sorting (never empty ones: those go last before this is asked). */
function compareField(kind: FieldKind | 'updatedAt', a: unknown, b: unknown, keyOf: (v: unknown) => string): number {
  if (kind === 'decimal') return compareQuantities(a, b);
  if (numberKinds.has(kind as FieldKind)) return (a as number) - (b as number);
  if (kind === 'boolean') return Number(a) - Number(b);
  return textSortKinds.has(kind as FieldKind) ? compareText(keyOf(a), keyOf(b)) : compareText(String(a), String(b));
}

export interface ListedRow extends Record<string, unknown> {
  id: string;
  deleted?: boolean;
  /** Precomputed search text (the device stores it); computed when absent. */
  _search?: string;
  /** Precomputed sort key of the title (the device stores it). */
  _sort?: string;
}

/** The rows a list's search, filters and ranges let through (deleted ones never), in the order given. */
export function matchRows<R extends ListedRow>(all: readonly R[], entity: Entity, params: ListParams = {}): R[] {
  const words = searchWords(params.search);
  const filters = activeFilters(params.filters).map(([name, value]) => {
    const kind = entity.fields[name]?.kind;
    if (value === null) return (row: R) => isEmpty(row[name]);
    if (kind === 'stringList') return (row: R) => Array.isArray(row[name]) && (row[name] as unknown[]).includes(value);
    if (kind === 'decimal') return (row: R) => !isEmpty(row[name]) && compareQuantities(row[name], value) === 0;
    return (row: R) => row[name] === value;
  });
  const ranges = Object.entries(params.ranges ?? {}).flatMap(([name, range]) => {
    const field = entity.fields[name];
    if (!field) return [];
    const { from, to } = rangeBounds(field, range);
    if (from === undefined && to === undefined) return [];
    const cmp = (a: unknown, b: unknown) => compareField(field.kind, a, b, String);
    return [
      (row: R) => !isEmpty(row[name]) && (from === undefined || cmp(row[name], from) >= 0) && (to === undefined || cmp(row[name], to) <= 0),
    ];
  });
  if (!words.length && !filters.length && !ranges.length) return all.filter((row) => !row.deleted);
  return all.filter(
    (row) =>
      !row.deleted &&
      filters.every((test) => test(row)) &&
      ranges.every((test) => test(row)) &&
      (words.length === 0 || words.every((word) => (row._search ?? searchTextOf(entity, row)).includes(word))),
  );
}

/**
 * The order of a list sorted by one field: empty values last either way, then by id (so it is
 * total: any sort gives the same rows). Sorting by the title, a row's stored `_sort` (the device
 * keeps the title's sort key) saves working the key out again.
 */
export function rowOrder<R extends ListedRow>(entity: Entity, sort: ListParams['sort']): (a: R, b: R) => number {
  const by = sort ?? entity.defaultSort;
  const kind = by.field === 'updatedAt' ? 'updatedAt' : (entity.fields[by.field]?.kind ?? 'text');
  const sign = by.direction === 'desc' ? -1 : 1;
  const keys = new Map<unknown, string>();
  const keyOf = (v: unknown) => {
    let k = keys.get(v);
    if (k === undefined) keys.set(v, (k = sortKey(v)));
    return k;
  };
  const stored = by.field === entity.titleField && sortsByTitle(entity);
  return (a, b) => {
    // A row keeps `_sort` only when its title is not empty: two such rows compare by it at once.
    if (stored && typeof a._sort === 'string' && typeof b._sort === 'string')
      return sign * compareText(a._sort, b._sort) || compareText(a.id, b.id);
    const [x, y] = [a[by.field], b[by.field]];
    const [xe, ye] = [isEmpty(x), isEmpty(y)];
    if (xe || ye) {
      if (xe !== ye) return xe ? 1 : -1;
    } else {
      const byField = compareField(kind, x, y, keyOf);
      if (byField !== 0) return sign * byField;
    }
    return compareText(a.id, b.id);
  };
}

/** Sorts rows in place in a list's order (`rowOrder`). */
export function orderRows<R extends ListedRow>(rows: R[], entity: Entity, sort: ListParams['sort']): R[] {
  return rows.sort(rowOrder(entity, sort));
}

/** A list's page of rows already matched and ordered (all of them without a page). */
export function pageRows<R>(rows: readonly R[], params: ListParams): { items: R[]; total: number } {
  if (!params.page || !params.pageSize) return { items: rows as R[], total: rows.length };
  const start = (params.page - 1) * params.pageSize;
  return { items: rows.slice(start, start + params.pageSize), total: rows.length };
}

/** The in-memory engine: the rows a list shows, in order, and how many match. */
export function selectRows<R extends ListedRow>(all: readonly R[], entity: Entity, params: ListParams = {}): { items: R[]; total: number } {
  return pageRows(orderRows(matchRows(all, entity, params), entity, params.sort), params);
}
