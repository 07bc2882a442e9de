/**
 * The names of an entity's rows (its title field) by id, for showing and choosing references.
 * One live query per referenced entity, not one per cell.
 */
import { useMemo } from 'react';
import { entityByKey } from '../../contract/modules.ts';
import { isDocument, type Entity } from '../../contract/entity.ts';
import type { LocalRow } from '../../storage/localRecords.ts';
import { usePanelData } from '../../storage/panelData.ts';
import { SlicedWork, useSlicedWorks } from '../../storage/slicedWork.ts';
import { isCurrentRows, tableMemo, useTableRows } from '../../storage/tableRows.ts';

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

/** Rows whose titles are taken between two looks at the clock. */
const TITLES_STEP = 1_000;

function* titleSteps(entity: Entity, rows: readonly LocalRow[]): Generator<void, Map<string, string>, void> {
  const titles = new Map<string, string>();
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    if (!row.deleted) titles.set(row.id, rowTitle(entity, row));
    if (i % TITLES_STEP === TITLES_STEP - 1) yield;
  }
  return titles;
}

/**
 * A table's live rows as id → title, worked out once per read of the table, a step at a time
 * (decision 064: at 100,000 rows, in one task, it held a phone for 350 ms), and shared by every
 * screen and field showing them (building it again on each screen's mount cost more than the
 * screen's own rows).
 */
const titlesOf = new WeakMap<readonly LocalRow[], SlicedWork<Map<string, string>>>();

function titlesWork(entity: Entity, rows: readonly LocalRow[]): SlicedWork<Map<string, string>> {
  let work = titlesOf.get(rows);
  if (!work) titlesOf.set(rows, (work = new SlicedWork(titleSteps(entity, rows), () => isCurrentRows(rows))));
  return work;
}

/**
 * The titles of each table (undefined while it is read): once worked out for its rows as they are
 * now; meanwhile those of its last read (kept with the table's rows), so a name does not blink
 * away when a write makes the table read again; undefined before any.
 */
export function useTitlesOf(entities: readonly Entity[]): (Map<string, string> | undefined)[] {
  const panel = usePanelData();
  const db = panel?.db;
  const tables = useTableRows(db, entities);
  const works = useMemo(() => entities.map((entity, i) => (tables[i] ? titlesWork(entity, tables[i]) : undefined)), [entities, tables]);
  const done = useSlicedWorks(works);
  return entities.map((entity, i) => {
    if (!db || !tables[i]) return undefined;
    const last = tableMemo(db, entity, 'lastTitles', () => ({ titles: undefined as Map<string, string> | undefined }));
    if (done[i]) last.titles = done[i];
    return last.titles;
  });
}

/** Live rows of the referenced entity as id → title (undefined while loading). */
export function useReferenceTitles(entityKey: string | undefined): Map<string, string> | undefined {
  const entity = entityKey ? entityByKey(entityKey) : undefined;
  const entities = useMemo(() => (entity ? [entity] : []), [entity]);
  const [titles] = useTitlesOf(entities);
  return entity ? titles : empty;
}

const empty = new Map<string, string>();

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
