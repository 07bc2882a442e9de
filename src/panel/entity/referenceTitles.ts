/**
 * The names of an entity's rows (its title field) by id, for showing and choosing references.
 * One live query per referenced entity, not one per cell.
 */
import { useMemo } from 'react';
import { entityByKey } from '../../contract/modules.ts';
import type { Entity } from '../../contract/entity.ts';
import { usePanelData } from '../../storage/panelData.ts';
import { useTableRows } from '../../storage/tableRows.ts';

export interface ReferenceOption {
  id: string;
  title: string;
}

export function rowTitle(entity: Entity, row: Record<string, unknown>): string {
  const title = row[entity.titleField];
  if (title !== null && title !== undefined && title !== '') return String(title);
  // A row written here and not yet synced may lack its server-filled title: show what it has.
  const first = entity.listFields.map((name) => row[name]).find((value) => typeof value === 'string' && value !== '');
  return typeof first === 'string' ? first : '';
}

/** Live rows of the referenced entity as id → title (undefined while loading). */
export function useReferenceTitles(entityKey: string | undefined): Map<string, string> | undefined {
  const panel = usePanelData();
  const entity = entityKey ? entityByKey(entityKey) : undefined;
  const [rows] = useTableRows(panel?.db, entity ? [entity] : []);
  return useMemo(() => (!entity ? new Map<string, string>() : rows && new Map(rows.filter((row) => !row.deleted).map((row) => [row.id, rowTitle(entity, row)]))), [entity, rows]);
}

const byTitle = new Intl.Collator(['fa', 'en'], { numeric: true, sensitivity: 'base' });

export function sortedOptions(titles: Map<string, string> | undefined): ReferenceOption[] {
  return [...(titles ?? new Map<string, string>())].map(([id, title]) => ({ id, title })).sort((a, b) => byTitle.compare(a.title, b.title));
}
