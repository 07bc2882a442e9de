/**
 * The audit log names a row by its title only to readers allowed to read that row (issue 23,
 * finding 5; decision 020): they hold the entity's read permission, the title field is not
 * behind a grant they lack, and the row was in their scope when it was written (they see all its
 * rows, or the entry's `members` holds their Member id). Anyone else sees that something was done,
 * by whom and when, with no title. The panel and its settings (`Panel`, `Panel/…`) are named to every reader of the log.
 * The same rule runs in SQL, so search and filters never match a title the reader is not shown.
 */
import { fieldReadable, permission, seesAllRows, type Entity, type Row } from '../../src/contract/entity.ts';
import { entities, entityByKey } from '../../src/contract/modules.ts';
import type { PanelAccess } from '../panels/panelAccess.ts';

type Reader = Pick<PanelAccess, 'permissions' | 'memberId'>;

/** How the reader sees titles of an entity's rows: all of them, only those of their own rows, or none. */
function titlesOf(entity: Entity, reader: Reader): 'all' | 'own' | 'none' {
  if (!reader.permissions.has(permission(entity, 'read'))) return 'none';
  const field = entity.fields[entity.titleField];
  if (field && !fieldReadable(entity, field, reader.permissions)) return 'none';
  return seesAllRows(entity, reader.permissions) ? 'all' : reader.memberId === null ? 'none' : 'own';
}

export function titleVisible(reader: Reader, entityKey: unknown, members: unknown): boolean {
  if (typeof entityKey !== 'string') return false;
  // Not an entity: the panel itself and its settings (`Panel`, `Panel/Details`).
  const entity = entityByKey(entityKey);
  if (!entity) return true;
  const titles = titlesOf(entity, reader);
  if (titles !== 'own') return titles === 'all';
  return Array.isArray(members) && members.includes(reader.memberId!.toLowerCase());
}

/** An audit row as the reader may see it: its title blanked (null) unless they may read the row it names. */
export function activityForReader(reader: Reader, row: Row, members: unknown): Row {
  return titleVisible(reader, row.entity, members) ? row : { ...row, rowTitle: null };
}

/**
 * The SQL condition under which an audit row's title is the reader's to see (values pushed onto
 * `params`), or null when every title is (the owner; anyone who reads every entity's every row).
 */
export function titleCondition(reader: Reader, params: unknown[]): string | null {
  const hidden: string[] = [];
  const own: string[] = [];
  for (const entity of entities()) {
    const titles = titlesOf(entity, reader);
    if (titles !== 'all') hidden.push(entity.key);
    if (titles === 'own') own.push(entity.key);
  }
  if (!hidden.length) return null;
  const parts = [`NOT (entity = ANY($${params.push(hidden)}::text[]))`];
  if (own.length)
    parts.push(
      `(entity = ANY($${params.push(own)}::text[]) AND members @> jsonb_build_array($${params.push(reader.memberId!.toLowerCase())}::text))`,
    );
  return `(${parts.join(' OR ')})`;
}
