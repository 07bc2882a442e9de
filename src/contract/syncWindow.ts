/**
 * A device's window of history (decision 050): an entity with a declared `window` keeps on a
 * device only the rows whose window field falls in the last months or Jalali years (and those its
 * `keep` names whatever their date: drafts, open requests); older rows stay on the server, which
 * answers for them on demand. One rule for both sides: the server says each window's first day in
 * every pull (`PullResponse.windows`), the device evicts what falls before it, and the snapshot of
 * a first sync reads only what falls after it.
 */
import type { Entity, Row, WindowDeclaration } from './entity.ts';
export type { WindowDeclaration };
import { fieldOf } from './entity.ts';
import { gregorianOfJalali, jalaliDate } from './jalali.ts';
import { tehranDayBound } from './list.ts';

/** The first day (`YYYY-MM-DD`, Gregorian, a Tehran day) of the Jalali month `back` months before `at`'s. */
function monthsBack(at: Date, back: number): string {
  const { year, month } = jalaliDate(at);
  const index = year * 12 + (month - 1) - back;
  return gregorianOfJalali(Math.floor(index / 12), (index % 12) + 1, 1)!;
}

/**
 * The first day a window keeps, as of `at`; `capMonths` (the server's SYNC_WINDOW_MONTHS) shortens
 * every window to at most that many months before this one.
 */
export function windowStart(window: WindowDeclaration, at: Date, capMonths?: number | null): string {
  const { year } = jalaliDate(at);
  const declared = window.years !== undefined ? gregorianOfJalali(year - window.years, 1, 1)! : monthsBack(at, window.months ?? 12);
  if (capMonths === undefined || capMonths === null) return declared;
  const cap = monthsBack(at, capMonths);
  return cap > declared ? cap : declared;
}

/** Every windowed entity's first day, by entity key (what a pull answers). */
export function windowStarts(entities: readonly Entity[], at: Date, capMonths?: number | null): Record<string, string> {
  const starts: Record<string, string> = {};
  for (const entity of entities) if (entity.window) starts[entity.key] = windowStart(entity.window, at, capMonths);
  return starts;
}

/**
 * Whether a row belongs on a device whose window of this entity starts on `from`: always, without a
 * window, when kept, or when its date is empty; otherwise when its date is on or after `from`.
 */
export function inWindow(entity: Pick<Entity, 'window' | 'fields'>, row: Row | Record<string, unknown>, from: string | undefined): boolean {
  const window = entity.window;
  if (!window || !from) return true;
  if (window.keep && window.keep.values.includes(String(row[window.keep.field]))) return true;
  const value = row[window.field];
  if (value === null || value === undefined || value === '') return true;
  return fieldOf(entity, window.field)?.kind === 'dateTime' ? String(value) >= tehranDayBound(from, false) : String(value) >= from;
}
