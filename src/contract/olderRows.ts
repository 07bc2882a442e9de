/**
 * A list's rows before a device's window of history (decision 050), asked of the server: the
 * list's own parameters with the window field's range ending the day before the window, written as
 * the REST list's query string. Pure, so the client, tests and benches share it.
 */
import type { Entity } from './entity.ts';
import type { ListParams } from './list.ts';

/** The day before a day (`YYYY-MM-DD`). */
export function dayBefore(day: string): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() - 1);
  return at.toISOString().slice(0, 10);
}

/**
 * The list parameters that ask the server for the rows before the window: the person's own range
 * on the window field, if any, ending no later than the day before the window; null when that
 * range starts inside the window (the device holds every row it asks for).
 */
export function olderParams(entity: Entity, params: ListParams, windowStart: string): ListParams | null {
  const field = entity.window?.field;
  if (!field) return null;
  const last = dayBefore(windowStart);
  const own = params.ranges?.[field];
  const from = own?.from ? String(own.from).slice(0, 10) : null;
  if (from && from > last) return null;
  const to = own?.to && String(own.to).slice(0, 10) < last ? own.to : last;
  return { ...params, ranges: { ...params.ranges, [field]: { ...(own?.from ? { from: own.from } : {}), to } } };
}

/** A list's parameters as the REST list's query string (src/contract/list.ts `parseListQuery` reads it). */
export function listQueryOf(params: ListParams): Record<string, string> {
  const query: Record<string, string> = {};
  if (params.search?.trim()) query.search = params.search.trim();
  for (const [name, value] of Object.entries(params.filters ?? {})) {
    if (value === undefined) continue;
    query[`filter.${name}`] = value === null ? '' : String(value);
  }
  for (const [name, range] of Object.entries(params.ranges ?? {})) {
    if (range.from) query[`filter.${name}.from`] = String(range.from);
    if (range.to) query[`filter.${name}.to`] = String(range.to);
  }
  if (params.sort) {
    query.sort = params.sort.field;
    query.order = params.sort.direction;
  }
  if (params.page) query.page = String(params.page);
  if (params.pageSize) query.pageSize = String(params.pageSize);
  return query;
}
