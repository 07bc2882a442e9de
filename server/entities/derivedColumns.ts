/**
 * What the server derives from a row on every write, by the one list engine's rules
 * (src/contract/list.ts): the search text of the row's search fields, and the sort key of each
 * text field. SQL then searches and sorts exactly as the device does in memory.
 */
import type { Field } from '../../src/contract/fields.ts';
import { searchTextOf, sortKey, textSortKinds } from '../../src/contract/list.ts';
import { columnName, privateSearchColumn, SEARCH_COLUMN, sortColumn } from './columns.ts';

/** Search fields everyone who reads the row may see; the others are searched apart (privateSearchColumn). */
export function publicSearchFields(fields: Record<string, Field>, searchFields: readonly string[]): string[] {
  return searchFields.filter((name) => !fields[name]?.readableBy);
}

/** Column → value of the derived columns of `row` (a whole row: declared fields by name). */
export function derivedColumns(
  fields: Record<string, Field>,
  searchFields: readonly string[],
  row: Record<string, unknown>,
): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  if (searchFields.length) out[SEARCH_COLUMN] = searchTextOf({ searchFields: publicSearchFields(fields, searchFields) }, row);
  for (const name of searchFields) {
    if (fields[name]?.readableBy) out[privateSearchColumn(columnName(name))] = searchTextOf({ searchFields: [name] }, row) || null;
  }
  for (const [name, field] of Object.entries(fields)) {
    if (textSortKinds.has(field.kind))
      out[sortColumn(columnName(name))] = row[name] === null || row[name] === undefined ? null : sortKey(row[name]);
  }
  return out;
}
