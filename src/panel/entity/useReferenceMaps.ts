import { useMemo } from 'react';
import { entityByKey } from '../../contract/modules.ts';
import type { Entity } from '../../contract/entity.ts';
import { useTitlesOf } from './referenceTitles.ts';

/** A number for each titles map, so a memo can tell one from another. */
const tags = new WeakMap<object, number>();
let lastTag = 0;
function tagOf(titles: Map<string, string> | undefined): number {
  if (!titles) return 0;
  let tag = tags.get(titles);
  if (tag === undefined) tags.set(titles, (tag = ++lastTag));
  return tag;
}

/**
 * For each reference field of an entity's fields (or a document's lines): the referenced rows'
 * names by id. The referenced tables are read through the shared table rows (a list of roles that
 * refer to roles reads them once). Keyed on the fields record itself, which an entity declares
 * once: the maps are built again only when a referenced table changes, not on every render of a
 * screen (at 100,000 products, a Map of every product's name).
 */
export function useReferenceMaps(fields: Entity['fields'] | undefined): Map<string, Map<string, string>> {
  const references = useMemo(
    () =>
      Object.entries(fields ?? {}).flatMap(([name, field]) => {
        const target = field.kind === 'reference' ? entityByKey(field.to) : undefined;
        return target ? [{ name, target }] : [];
      }),
    [fields],
  );
  const targets = useMemo(() => references.map((r) => r.target), [references]);
  const titles = useTitlesOf(targets);
  // `titles` is a new array on every render; its maps are the same until a table's titles change.
  const key = titles.map(tagOf).join(',');
  return useMemo(() => {
    const out = new Map<string, Map<string, string>>();
    references.forEach(({ name }, i) => out.set(name, titles[i] ?? new Map()));
    return out;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [references, key]);
}
