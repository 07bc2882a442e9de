/**
 * Notifications (decision 038): a module declares in its server part the notifications it emits
 * (`notifications`), and the platform delivers them here, inside the write's transaction, as rows
 * of the recipient's inbox (`PanelManagement/Notification`). A recipient is an account: the Member
 * a field names (assignment), the Members a row belongs to (its scope: ownership), or everyone
 * whose role holds a permission (and the owner). Nobody is told of their own write, and nobody is
 * ever told of a row they may not read: each recipient's access is read and the row passed through
 * the same check a pull makes for them.
 */
import { randomUUID } from 'node:crypto';
import { Member, Notification, Role } from '../../src/contract/entities/panelManagement.ts';
import { permission, rowMembers, type Entity, type Row } from '../../src/contract/entity.ts';
import type { Label } from '../../src/contract/fields.ts';
import type { Queryable } from '../db/Db.ts';
import { insertRow } from '../entities/entityStore.ts';
import { rowForCaller } from '../entities/rowScope.ts';
import type { WriteContext } from '../entities/writeContext.ts';
import { accessById, type PanelAccess } from '../panels/panelAccess.ts';
import { stampChanges } from '../db/changeLog.ts';
import type { KindPreference } from './kinds.ts';
import { routeNotices, type RoutedNotice } from './channels.ts';
import { PreferenceCache } from './preferences.ts';

/** Who receives a notification. */
export type Recipients =
  /** The Member a reference field of the row names (a request's supporter): assignment. */
  | { field: string }
  /** The Members the row belongs to (its scope fields): ownership. */
  | { owners: true }
  /** Every active member whose role holds the permission, and the owner: by role. */
  | { permission: string };

/** One notification a module emits, declared in its server part. */
export interface NotificationDeclaration {
  /** The event's name; the notification's kind is `<Module>/<event>`. */
  event: string;
  /** The entity (of the module) whose writes raise it. */
  entity: string;
  /** Whether this write raises it (`before` null on a create). */
  when: (before: Row | null, after: Row) => boolean;
  to: Recipients;
  /** The words, from the module's catalogue (marked for extraction): put in the reader's language on the device. */
  message: Label;
  /** The message's values, from the row (its subject, number). */
  values?: (row: Row) => Record<string, string | number>;
  /** What the preferences call it, from the module's catalogue, and how it may reach people (decision 047). */
  preference: KindPreference;
}

/** A notification ready to deliver. */
export interface Notice {
  kind: string;
  entity: Entity;
  row: Row;
  message: Label;
  values: Record<string, string | number>;
  /** For reminders: a key unique per thing (kind, row, due date, recipient is added), so it is delivered once. */
  onceKey?: string;
}

/** The accounts of the active Members with these ids. */
async function accountsOfMembers(q: Queryable, panelId: string, memberIds: readonly string[]): Promise<string[]> {
  if (!memberIds.length) return [];
  const rows = await q.query<{ user_id: string }>(
    `SELECT user_id FROM ${Member.table} WHERE panel_id = $1 AND id = ANY($2::uuid[]) AND NOT deleted AND status = 'active' AND user_id IS NOT NULL`,
    [panelId, memberIds],
  );
  return rows.map((r) => String(r.user_id));
}

/** The owner, and every active member whose role holds the permission. */
export async function accountsHolding(q: Queryable, panelId: string, held: string): Promise<string[]> {
  const rows = await q.query<{ user_id: string }>(
    `SELECT p.owner_user_id::text AS user_id FROM panels p WHERE p.id = $1 AND p.owner_user_id IS NOT NULL
     UNION
     SELECT m.user_id FROM ${Member.table} m JOIN ${Role.table} r ON r.panel_id = m.panel_id AND r.id = m.role_id AND NOT r.deleted
     WHERE m.panel_id = $1 AND NOT m.deleted AND m.status = 'active' AND m.user_id IS NOT NULL AND r.permissions @> jsonb_build_array($2::text)`,
    [panelId, held],
  );
  return rows.map((r) => String(r.user_id));
}

export async function recipientsOf(q: Queryable, panelId: string, entity: Entity, row: Row, to: Recipients): Promise<string[]> {
  if ('permission' in to) return accountsHolding(q, panelId, to.permission);
  const members =
    'field' in to ? (typeof row[to.field] === 'string' ? [(row[to.field] as string).toLowerCase()] : []) : rowMembers(entity, row);
  return accountsOfMembers(q, panelId, members);
}

/**
 * Writes the notice into each recipient's inbox who may read its row now (their role's read
 * permission, the row's scope, the module enabled: what a pull would send them), and stamps the
 * change log so their devices pull it. The caller holds the panel's write lock. A notice with a
 * once-key already delivered to a recipient is not delivered again. Answers how many were written.
 */
export async function deliver(
  q: Queryable,
  panel: { id: string; now: Date; byUserId: string },
  notice: Notice,
  recipients: readonly string[],
  run?: DeliveryRun,
): Promise<number> {
  const written: string[] = [];
  const routed: RoutedNotice[] = [];
  for (const userId of new Set(recipients.map((r) => r.toLowerCase()))) {
    const access = run ? await run.access(q, panel.id, userId) : await accessById(q, panel.id, userId);
    if (!access || !access.permissions.has(permission(notice.entity, 'read')) || !rowForCaller(notice.entity, access, notice.row)) continue;
    const onceKey = notice.onceKey ? `${notice.onceKey}:${userId}` : null;
    if (onceKey) {
      if (run?.delivered.has(onceKey)) continue;
      const [seen] = run
        ? []
        : await q.query(`SELECT 1 FROM ${Notification.table} WHERE panel_id = $1 AND once_key = $2`, [panel.id, onceKey]);
      if (seen) continue;
      run?.delivered.add(onceKey);
    }
    const id = randomUUID();
    await insertRow(q, Notification, { panelId: panel.id, userId: panel.byUserId, now: panel.now }, id, {
      recipientUserId: userId,
      kind: notice.kind,
      entityKey: notice.entity.key,
      rowId: notice.row.id,
      messageId: notice.message.id,
      messageValues: JSON.stringify(notice.values),
      at: panel.now.toISOString(),
      readAt: null,
      onceKey,
    });
    written.push(id);
    routed.push({
      kind: notice.kind,
      userId,
      panelId: panel.id,
      notificationId: id,
      entityKey: notice.entity.key,
      rowId: String(notice.row.id),
      message: notice.message,
      values: notice.values,
    });
  }
  if (written.length)
    await stampChanges(
      q,
      panel.id,
      written.map((rowId) => ({ entity: Notification.key, rowId })),
    );
  // Pushed or texted as each recipient prefers, once the transaction has committed (a push never
  // holds the panel's write lock), or held until their quiet hours end (decision 047).
  await routeNotices(q, panel.id, panel.now, routed, run?.preferences);
  return written.length;
}

/**
 * What one run of the reminders knows of a panel, so that it asks once and not once per row: each
 * recipient's access and preferences, and the once-keys already delivered (read in one query).
 */
export class DeliveryRun {
  private readonly accesses = new Map<string, Promise<PanelAccess | null>>();
  readonly delivered = new Set<string>();
  readonly preferences = new PreferenceCache();

  access(q: Queryable, panelId: string, userId: string): Promise<PanelAccess | null> {
    let found = this.accesses.get(userId);
    if (!found) this.accesses.set(userId, (found = accessById(q, panelId, userId)));
    return found;
  }

  /** Reads the once-keys of the panel's notifications of this kind already delivered. */
  async knowDelivered(q: Queryable, panelId: string, kind: string): Promise<void> {
    const rows = await q.query<{ once_key: string }>(
      `SELECT once_key FROM ${Notification.table} WHERE panel_id = $1 AND kind = $2 AND once_key IS NOT NULL`,
      [panelId, kind],
    );
    for (const row of rows) this.delivered.add(row.once_key);
  }
}

let declared: ReadonlyMap<string, readonly NotificationDeclaration[]> = new Map();

/** The modules' declared notifications, by module key (wired when the modules are registered, server/modules/serverModule.ts). */
export function registerNotifications(byModule: ReadonlyMap<string, readonly NotificationDeclaration[]>): void {
  declared = byModule;
}

/** The declared notifications of the entity, by its module. */
function declaredFor(entity: Entity): NotificationDeclaration[] {
  return (declared.get(entity.module) ?? []).filter((n) => n.entity === entity.name);
}

/** After a write of the one mutation path: delivers what the entity's module declares for it. The writer is never told. */
export async function notifyWrite(ctx: WriteContext, entity: Entity, before: Row | null, after: Row): Promise<void> {
  if (after.deleted) return;
  for (const declared of declaredFor(entity)) {
    if (!declared.when(before, after)) continue;
    const recipients = (await recipientsOf(ctx.tx, ctx.access.id, entity, after, declared.to)).filter(
      (u) => u.toLowerCase() !== ctx.userId.toLowerCase(),
    );
    const notice = {
      kind: `${entity.module}/${declared.event}`,
      entity,
      row: after,
      message: declared.message,
      values: declared.values?.(after) ?? {},
    };
    await deliver(ctx.tx, { id: ctx.access.id, now: ctx.now, byUserId: ctx.userId }, notice, recipients);
  }
}
