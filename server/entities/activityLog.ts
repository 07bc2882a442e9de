/**
 * The audit log: every write (REST, sync, panel settings) adds an Activity row in the same
 * transaction, and the change log is stamped for it and for the row written, so both sync. A
 * pushed batch collects its entries in a journal and writes them all in two statements at the end
 * of the batch, still inside its transaction.
 */
import { randomUUID } from 'node:crypto';
import { Activity } from '../../src/contract/entities/panelManagement.ts';
import { stampChanges, type ChangedRow } from '../db/changeLog.ts';
import type { Queryable } from '../db/Db.ts';
import type { PanelAccess } from '../panels/panelAccess.ts';
import { insertRows } from './entityStore.ts';

export type ActivityAction = 'create' | 'update' | 'delete' | 'submit' | 'cancel' | 'panel';

export interface ActivityEntry {
  action: ActivityAction;
  /** An entity key, or `Panel/<setting>` for panel settings. */
  entity: string;
  rowTitle: string;
  rowId: string;
  /** The Members the row is scoped to (rowMembers), for whom beside `readAll` holders its title is shown. */
  members?: readonly string[];
}

/** What an audit row is written with: a write's transaction, panel, writer and time (a WriteContext has them all). */
export interface AuditContext {
  tx: Queryable;
  access: Pick<PanelAccess, 'id' | 'actorName'>;
  userId: string;
  now: Date;
}

export class ActivityJournal {
  private readonly entries: { entry: ActivityEntry; written?: ChangedRow }[] = [];

  /** `written` is the entity row the write changed, stamped along with its audit row. */
  add(entry: ActivityEntry, written?: ChangedRow): void {
    this.entries.push({ entry, ...(written ? { written } : {}) });
  }

  async flush(ctx: AuditContext): Promise<void> {
    if (!this.entries.length) return;
    const rows = this.entries.map(({ entry }) => ({
      id: randomUUID(),
      values: {
        at: ctx.now.toISOString(),
        actorName: ctx.access.actorName,
        action: entry.action,
        entity: entry.entity,
        rowTitle: entry.rowTitle.slice(0, 200),
        rowId: entry.rowId,
        members: entry.members ?? [],
      },
    }));
    await insertRows(ctx.tx, Activity, { panelId: ctx.access.id, userId: ctx.userId, now: ctx.now }, rows);
    const changed: ChangedRow[] = [
      ...this.entries.flatMap((e) => (e.written ? [e.written] : [])),
      ...rows.map((r) => ({ entity: Activity.key, rowId: r.id })),
    ];
    this.entries.length = 0;
    await stampChanges(ctx.tx, ctx.access.id, changed);
  }
}

/** Adds one audit row now (and stamps it with the written row). */
export async function recordActivity(ctx: AuditContext, entry: ActivityEntry, written?: ChangedRow): Promise<void> {
  const journal = new ActivityJournal();
  journal.add(entry, written);
  await journal.flush(ctx);
}
