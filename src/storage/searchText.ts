/**
 * The text a list's search box looks in, normalised the way people type in Iran: Persian and
 * Arabic-Indic digits become ASCII, Arabic ي/ك become Persian ی/ک, case is folded. Rows store it
 * precomputed (`_search`), so a keystroke over thousands of rows is one `includes` per row.
 */
import { normalizePersianText } from '../contract/normalize.ts';
import type { Entity } from '../contract/entity.ts';

export function normalizeSearch(text: string): string {
  // ZWNJ counts as a space: people type «نام ها» as often as «نام‌ها».
  return normalizePersianText(text).replace(/\u200c/g, ' ').toLowerCase();
}

export function searchTextOf(entity: Entity, row: Record<string, unknown>): string {
  return entity.searchFields
    .map((name) => row[name])
    .filter((value) => value !== null && value !== undefined && value !== '')
    .map((value) => normalizeSearch(String(value)))
    .join('\n');
}
