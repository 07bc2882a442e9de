/**
 * Mirror rows (docs/decisions/020-scopes-follow-references.md): a row another module keeps in
 * step with a scoped row (accounting's Party of a sales customer) names it only to readers who see
 * every row of the source's entity. For anyone else the declared `mirror.fields` are null, and
 * the same rule in SQL keeps search, filters and sorting from telling them apart. Its amounts
 * (journal lines, balances) stay the books', under a party with no name.
 */
import { seesAllRows, type Entity, type Row } from '../../src/contract/entity.ts';
import { entities } from '../../src/contract/modules.ts';
import type { PanelAccess } from '../panels/panelAccess.ts';
import { columnName } from './columns.ts';

type Reader = Pick<PanelAccess, 'permissions'>;

/** The source entities whose mirrors the reader may not name: scoped ones they do not see all of. */
function hiddenSources(reader: Reader): string[] {
  return entities()
    .filter((e) => !seesAllRows(e, reader.permissions))
    .map((e) => e.key);
}

function sourceKey(value: unknown): string | null {
  return typeof value === 'string' && value.includes(':') ? value.slice(0, value.lastIndexOf(':')).toLowerCase() : null;
}

/** The row with its mirrored fields nulled when the reader may not name its source. */
export function mirrorForReader(entity: Entity, reader: Reader, row: Row, raw: Row): Row {
  const mirror = entity.mirror;
  const key = mirror ? sourceKey(raw[mirror.source]) : null;
  if (!mirror || !key || !hiddenSources(reader).some((k) => k.toLowerCase() === key)) return row;
  return { ...row, ...Object.fromEntries(mirror.fields.map((name) => [name, null])) };
}

/**
 * The SQL condition under which a row's mirrored fields are the reader's to see (values pushed
 * onto `params`), or null when they all are. Only for an entity that declares `mirror`.
 */
export function mirrorCondition(entity: Entity, reader: Reader, params: unknown[]): string | null {
  if (!entity.mirror) return null;
  const hidden = hiddenSources(reader);
  if (!hidden.length) return null;
  const column = columnName(entity.mirror.source);
  return `(${column} IS NULL OR NOT (lower(split_part(${column}, ':', 1)) = ANY($${params.push(hidden.map((k) => k.toLowerCase()))}::text[])))`;
}
