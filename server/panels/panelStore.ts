/**
 * The SQL of panels: create, read as CurrentPanel or as the caller's list, and change details,
 * modules and the first-run flag. Counting members and naming the owner happen in the same query.
 */
import { randomInt } from 'node:crypto';
import { Member, Role } from '../../src/contract/entities/panelManagement.ts';
import type { CurrentPanel, CurrentPanelPeople, PanelDetails, PanelSummary } from '../../src/contract/panels.ts';
import type { ModuleKey } from '../../src/contract/routes.ts';
import type { Queryable } from '../db/Db.ts';
import type { PanelAccess } from './panelAccess.ts';
import { displayNameSql } from './people.ts';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

/** A fresh panel code (PANEL_CODE_PATTERN), without look-alike letters and digits. */
export async function newPanelCode(q: Queryable): Promise<string> {
  for (;;) {
    const code = Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
    if (!(await q.query('SELECT 1 FROM panels WHERE code = $1', [code])).length) return code;
  }
}

export type CompanyDetails = Omit<PanelDetails, 'name' | 'icon'>;

function companyOf(details: Partial<PanelDetails>): Partial<CompanyDetails> {
  const { name: _name, icon: _icon, ...company } = details;
  return company;
}

export interface NewPanel {
  code: string;
  details: PanelDetails;
  modules: ModuleKey[];
  ownerUserId: string;
  now: Date;
}

export async function insertPanel(q: Queryable, panel: NewPanel): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO panels (code, name, icon, details, modules, module_icons, owner_user_id, initialized, created_at, updated_at)
     VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, '{}'::jsonb, $6, false, $7, $7) RETURNING id`,
    [
      panel.code,
      panel.details.name,
      panel.details.icon,
      JSON.stringify(companyOf(panel.details)),
      JSON.stringify(panel.modules),
      panel.ownerUserId,
      panel.now,
    ],
  );
  return row!.id;
}

const memberCountSql = (panel: string) =>
  `(SELECT count(*)::int + 1 FROM ${Member.table} c WHERE c.panel_id = ${panel}.id AND NOT c.deleted AND c.status = 'active')`;

interface PanelRecord {
  code: string;
  name: string;
  icon: string;
  details: Partial<CompanyDetails>;
  modules: ModuleKey[];
  module_icons: Partial<Record<ModuleKey, string>>;
  initialized: boolean;
  created_at: Date;
  owner_display_name: string;
  owner_user_name: string;
  member_count: number;
}

const emptyCompany: CompanyDetails = {
  companyName: '',
  economicCode: '',
  nationalId: '',
  phone: '',
  address: '',
  postalCode: '',
  moneyUnit: 'rial',
};

export async function currentPanel(q: Queryable, access: PanelAccess): Promise<CurrentPanel & CurrentPanelPeople> {
  const [p] = await q.query<PanelRecord>(
    `SELECT p.code, p.name, p.icon, p.details, p.modules, p.module_icons, p.initialized, p.created_at,
            ${displayNameSql('u')} AS owner_display_name, u.username AS owner_user_name, ${memberCountSql('p')} AS member_count
     FROM panels p JOIN users u ON u.id = p.owner_user_id WHERE p.id = $1`,
    [access.id],
  );
  if (!p) throw new Error(`panel ${access.id} vanished`);
  return {
    ...emptyCompany,
    ...p.details,
    name: p.name,
    icon: p.icon,
    code: p.code,
    modules: p.modules,
    moduleIcons: p.module_icons,
    isOwner: access.isOwner,
    permissions: [...access.permissions].sort(),
    initialized: p.initialized,
    createdAt: new Date(p.created_at).toISOString(),
    ownerDisplayName: p.owner_display_name,
    ownerUserName: p.owner_user_name,
    roleName: access.roleName,
    memberCount: p.member_count,
  };
}

/** The caller's panels, owned or joined (an invitation accepted), oldest first, with their role and the number of people. */
export async function panelsOf(q: Queryable, userId: string): Promise<PanelSummary[]> {
  const rows = await q.query<{
    code: string;
    name: string;
    icon: string;
    modules: ModuleKey[];
    is_owner: boolean;
    role_name: string | null;
    member_count: number;
    created_at: Date;
  }>(
    `WITH mine AS (
       SELECT id AS panel_id, NULL::uuid AS role_id FROM panels WHERE owner_user_id = $1::uuid
       UNION ALL
       SELECT panel_id, role_id FROM ${Member.table} WHERE user_id = $1::text AND NOT deleted AND status = 'active'
     )
     SELECT p.code, p.name, p.icon, p.modules, p.owner_user_id = $1::uuid AS is_owner, r.name AS role_name,
            ${memberCountSql('p')} AS member_count, p.created_at
     FROM mine JOIN panels p ON p.id = mine.panel_id
     LEFT JOIN ${Role.table} r ON r.panel_id = mine.panel_id AND r.id = mine.role_id AND NOT r.deleted
     ORDER BY p.created_at, p.code`,
    [userId],
  );
  return rows.map((r) => ({
    code: r.code,
    name: r.name,
    icon: r.icon,
    modules: r.modules,
    isOwner: r.is_owner,
    roleName: r.is_owner ? null : r.role_name,
    memberCount: r.member_count,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

export async function updateDetails(q: Queryable, panelId: string, details: Partial<PanelDetails>, now: Date): Promise<void> {
  await q.query(
    `UPDATE panels SET name = coalesce($2, name), icon = coalesce($3, icon), details = details || $4::jsonb, updated_at = $5 WHERE id = $1`,
    [panelId, details.name ?? null, details.icon ?? null, JSON.stringify(companyOf(details)), now],
  );
}

export async function updateModules(
  q: Queryable,
  panelId: string,
  modules: ModuleKey[],
  icons: Partial<Record<ModuleKey, string>> | undefined,
  now: Date,
): Promise<void> {
  await q.query(`UPDATE panels SET modules = $2::jsonb, module_icons = module_icons || $3::jsonb, updated_at = $4 WHERE id = $1`, [
    panelId,
    JSON.stringify(modules),
    JSON.stringify(icons ?? {}),
    now,
  ]);
}

export async function markInitialized(q: Queryable, panelId: string, now: Date): Promise<boolean> {
  const rows = await q.query('UPDATE panels SET initialized = true, updated_at = $2 WHERE id = $1 AND NOT initialized RETURNING id', [
    panelId,
    now,
  ]);
  return rows.length > 0;
}
