import { useMemo } from 'react';
import { entityByKey } from '../../contract/modules.ts';
import type { Entity } from '../../contract/entity.ts';
import { usePanelData } from '../../storage/panelData.ts';
import { useTableRows } from '../../storage/tableRows.ts';
import { titlesOfRows } from './referenceTitles.ts';

/**
 * For each reference field of an entity's fields (or a document's lines): the referenced rows'
 * names by id. The referenced tables are read through the shared table rows (a list of roles that
 * refer to roles reads them once). Keyed on the fields record itself, which an entity declares
 * once: the maps are built again only when a referenced table changes, not on every render of a
 * screen (at 100,000 products, a Map of every product's name).
 */
export function useReferenceMaps(fields: Entity['fields'] | undefined): Map<string, Map<string, string>> {
  const panel = usePanelData();
  const references = useMemo(
    () =>
      Object.entries(fields ?? {}).flatMap(([name, field]) => {
        const target = field.kind === 'reference' ? entityByKey(field.to) : undefined;
        return target ? [{ name, target }] : [];
      }),
    [fields],
  );
  const tables = useTableRows(
    panel?.db,
    references.map((r) => r.target),
  );
  return useMemo(() => {
    const out = new Map<string, Map<string, string>>();
    references.forEach(({ name, target }, i) => {
      const rows = tables[i];
      out.set(name, rows ? titlesOfRows(target, rows) : new Map());
    });
    return out;
  }, [references, tables]);
}
