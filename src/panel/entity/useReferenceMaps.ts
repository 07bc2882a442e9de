import { useMemo } from 'react';
import { entityByKey } from '../../contract/modules.ts';
import type { Entity } from '../../contract/entity.ts';
import { usePanelData } from '../../storage/panelData.ts';
import { useTableRows } from '../../storage/tableRows.ts';
import { rowTitle } from './referenceTitles.ts';

/**
 * For each reference field of an entity: the referenced rows' names by id. The referenced tables
 * are read through the shared table rows (a list of roles that refer to roles reads them once).
 */
export function useReferenceMaps(entity: Pick<Entity, 'fields'> | undefined): Map<string, Map<string, string>> {
  const panel = usePanelData();
  const references = useMemo(
    () =>
      Object.entries(entity?.fields ?? {}).flatMap(([name, field]) => {
        const target = field.kind === 'reference' ? entityByKey(field.to) : undefined;
        return target ? [{ name, target }] : [];
      }),
    [entity],
  );
  const tables = useTableRows(
    panel?.db,
    references.map((r) => r.target),
  );
  return useMemo(() => {
    const out = new Map<string, Map<string, string>>();
    references.forEach(({ name, target }, i) => {
      const rows = tables[i] ?? [];
      out.set(name, new Map(rows.filter((r) => !r.deleted).map((r) => [r.id, rowTitle(target, r)])));
    });
    return out;
  }, [references, tables]);
}
