/**
 * The row a screen shows: the server's last row with this device's pending mutations replayed on
 * top, in order. Rebasing onto a newer server row is the same replay over the new row.
 */
import type { Entity, Row } from '../contract/entity.ts';
import type { OutboxEntry } from './localRecords.ts';

function emptyRow(entity: Entity, entry: OutboxEntry): Row {
  const row: Row = { id: entry.id, version: 0, updatedAt: entry.at, deleted: false };
  if (entity.document) Object.assign(row, { status: 'draft', number: null, submittedAt: null, amendedFrom: null, lines: [] });
  for (const [name, field] of Object.entries(entity.fields)) row[name] = field.kind === 'stringList' ? [] : null;
  return row;
}

/** A queued submit or cancel shows as its outcome at once; the row's `_pending` says it is not confirmed yet. */
const statusAfter = { submit: 'submitted', cancel: 'cancelled' } as const;

export function replay(entity: Entity, server: Row | null, pending: readonly OutboxEntry[]): Row | null {
  let view: Row | null = server ? { ...server } : null;
  for (const entry of pending) {
    if (entry.op === 'create') view = { ...(view ?? emptyRow(entity, entry)), ...entry.values, deleted: false };
    else if (!view) continue;
    else if (entry.op === 'update') view = { ...view, ...entry.values };
    else if (entry.op === 'delete') view = { ...view, deleted: true };
    else view = { ...view, status: statusAfter[entry.op] };
  }
  return view;
}
