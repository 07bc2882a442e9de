/**
 * The names of an entity's rows (its title field) by id, for showing and choosing references.
 * One live query per referenced entity, not one per cell.
 */
import { useMemo } from 'react';
import { entityByKey } from '../../contract/modules.ts';
import { isDocument, type Entity } from '../../contract/entity.ts';
import type { LocalRow } from '../../storage/localRecords.ts';
import { usePanelData } from '../../storage/panelData.ts';
import { useTableRows } from '../../storage/tableRows.ts';

export interface ReferenceOption {
  id: string;
  title: string;
}

/**
 * A document is named by its number once it has one (as `useDocumentName` names it in a sentence):
 * a picker of invoices lists INV-…, not their notes or dates. Otherwise the title field, else the
 * first text among the list's fields.
 */
export function rowTitle(entity: Entity, row: Record<string, unknown>): string {
  if (isDocument(entity) && typeof row.number === 'string' && row.number) return row.number;
  const title = row[entity.titleField];
  if (title !== null && title !== undefined && title !== '') return String(title);
  // A row written here and not yet synced may lack its server-filled title: show what it has.
  const first = entity.listFields.map((name) => row[name]).find((value) => typeof value === 'string' && value !== '');
  return typeof first === 'string' ? first : '';
}

/** The titles of a table's rows, once per read of the table (every field referring to it shares them). */
const titlesOf = new WeakMap<readonly LocalRow[], Map<string, string>>();

/**
 * A table's live rows as id → title, worked out once per read of the table and shared by every
 * screen and field showing them (at 100,000 rows, building it again on each screen's mount cost
 * more than the screen's own rows).
 */
export function titlesOfRows(entity: Entity, rows: readonly LocalRow[]): Map<string, string> {
  let titles = titlesOf.get(rows);
  if (!titles) titlesOf.set(rows, (titles = new Map(rows.filter((row) => !row.deleted).map((row) => [row.id, rowTitle(entity, row)]))));
  return titles;
}

/** Live rows of the referenced entity as id → title (undefined while loading). */
export function useReferenceTitles(entityKey: string | undefined): Map<string, string> | undefined {
  const panel = usePanelData();
  const entity = entityKey ? entityByKey(entityKey) : undefined;
  const [rows] = useTableRows(panel?.db, entity ? [entity] : []);
  return useMemo(() => {
    if (!entity) return new Map<string, string>();
    if (!rows) return undefined;
    return titlesOfRows(entity, rows);
  }, [entity, rows]);
}

const byTitle = new Intl.Collator(['fa', 'en'], { numeric: true, sensitivity: 'base' });

/** Sorted once per titles map: every combobox over the same rows (each line of a long document) shares it. */
const sortedOf = new WeakMap<Map<string, string>, ReferenceOption[]>();

export function sortedOptions(titles: Map<string, string> | undefined): ReferenceOption[] {
  if (!titles) return [];
  let sorted = sortedOf.get(titles);
  if (!sorted)
    sortedOf.set(titles, (sorted = [...titles].map(([id, title]) => ({ id, title })).sort((a, b) => byTitle.compare(a.title, b.title))));
  return sorted;
}
