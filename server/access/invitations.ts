/**
 * Invitations as the invited person meets them (docs/decisions/007-invitations.md): the open ones
 * (not declined, not past their time), and accepting or declining one. Accepting is the person's
 * consent: only then does the panel learn their name, username and verified mobile, and only then
 * do they get access. Both answers are writes to the panel's Member row, made by the server under
 * the panel's lock, audited and synced like any other.
 */
import { Member, Role } from '../../src/contract/entities/panelManagement.ts';
import { platformNotifications } from '../../src/contract/notifications.ts';
import type { PanelInvitation } from '../../src/contract/panels.ts';
import type { Db, Queryable } from '../db/Db.ts';
import { recordActivity } from '../entities/activityLog.ts';
import { findRow, updateRow } from '../entities/entityStore.ts';
import { lockPanelWrites } from '../db/changeLog.ts';
import type { PanelAccess } from '../panels/panelAccess.ts';
import { displayNameSql, findPersonById } from '../panels/people.ts';
import { deliver } from '../notifications/notifications.ts';

/** The caller's open invitations, newest first. */
export async function openInvitations(q: Queryable, userId: string, now: Date): Promise<PanelInvitation[]> {
  const rows = await q.query<{ code: string; name: string; icon: string; invited_by: string; role_name: string | null; open_until: Date }>(
    `SELECT p.code, p.name, p.icon, ${displayNameSql('u')} AS invited_by, r.name AS role_name, m.invited_until AS open_until
     FROM ${Member.table} m
     JOIN panels p ON p.id = m.panel_id
     JOIN users u ON u.id = m.updated_by
     LEFT JOIN ${Role.table} r ON r.panel_id = m.panel_id AND r.id = m.role_id AND NOT r.deleted
     WHERE m.user_id = $1::text AND NOT m.deleted AND m.status = 'invited' AND m.invited_until > $2
     ORDER BY m.updated_at DESC`,
    [userId, now],
  );
  return rows.map((r) => ({
    code: r.code,
    name: r.name,
    icon: r.icon,
    invitedBy: r.invited_by,
    roleName: r.role_name,
    openUntil: r.open_until.toISOString(),
  }));
}

export interface InvitationAnswer {
  userId: string;
  code: string;
  accept: boolean;
  now: Date;
}

/** Accepts or declines the caller's open invitation to the panel with `code`; false when there is none. */
export async function answerInvitation(db: Db, answer: InvitationAnswer): Promise<boolean> {
  const [panel] = await db.query<{ id: string; code: string }>('SELECT id, code FROM panels WHERE code = $1', [answer.code]);
  if (!panel) return false;
  return db.transaction(async (tx) => {
    await lockPanelWrites(tx, panel.id);
    const [invited] = await tx.query<{ id: string; role_id: string | null; display_name: string; updated_by: string }>(
      `SELECT id, role_id, display_name, updated_by FROM ${Member.table}
       WHERE panel_id = $1 AND user_id = $2::text AND NOT deleted AND status = 'invited' AND invited_until > $3`,
      [panel.id, answer.userId, answer.now],
    );
    const person = invited && (await findPersonById(tx, answer.userId));
    if (!invited || !person) return false;
    const values = answer.accept
      ? {
          status: 'active',
          invitedUntil: null,
          login: person.userName,
          displayName: person.displayName,
          userName: person.userName,
          mobile: person.mobile,
        }
      : { status: 'declined', invitedUntil: null };
    const current = await findRow(tx, Member, panel.id, invited.id);
    const answered = await updateRow(tx, Member, { panelId: panel.id, userId: answer.userId, now: answer.now }, current!, values);
    // The person is no member yet, so the audit row is theirs with no permissions at all.
    const access: PanelAccess = {
      id: panel.id,
      code: panel.code,
      isOwner: false,
      permissions: new Set(),
      granted: new Set(),
      roleName: null,
      memberId: invited.id,
      roleId: invited.role_id,
      actorName: answer.accept ? person.displayName : invited.display_name,
      modules: [],
    };
    const rowTitle = answer.accept ? person.displayName : invited.display_name;
    await recordActivity(
      { tx, access, userId: answer.userId, now: answer.now },
      { action: 'update', entity: Member.key, rowTitle, rowId: invited.id },
      { entity: Member.key, rowId: invited.id },
    );
    if (answer.accept) {
      // Whoever invited them is told (decision 038), if they may still read the panel's people.
      const { kind, message } = platformNotifications.invitationAccepted;
      const notice = { kind, entity: Member, row: answered, message, values: { name: person.displayName } };
      await deliver(tx, { id: panel.id, now: answer.now, byUserId: answer.userId }, notice, [String(invited.updated_by)]);
    }
    return true;
  });
}
