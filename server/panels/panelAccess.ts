/**
 * Tenancy: which panel a request is about and what the caller may do there, resolved from
 * `X-Panel-Code` in one query. The owner holds every permission; a member (who accepted their
 * invitation) holds their role's; someone merely invited holds nothing there.
 * A code that names no panel and a panel the caller does not belong to are answered the same
 * (status, code, message, the same single query), so nobody learns which panels exist.
 */
import type { FastifyRequest } from 'fastify';
import { Code } from '../../src/contract/codes.ts';
import { personalPermissions } from '../../src/contract/entity.ts';
import { allPermissions, entities } from '../../src/contract/modules.ts';
import { PANEL_HEADER } from '../../src/contract/service.ts';
import type { Queryable } from '../db/Db.ts';
import { AppError } from '../errors.ts';
import { Member, Role } from '../../src/contract/entities/panelManagement.ts';
import { displayNameSql } from './people.ts';

export interface PanelAccess {
  id: string;
  code: string;
  isOwner: boolean;
  permissions: ReadonlySet<string>;
  /**
   * What the caller's role grants, enabled modules or not: the ceiling of what they may grant
   * others (privilegeCeiling.ts), so a role they hand out never outgrows theirs once a module is on.
   */
  granted: ReadonlySet<string>;
  roleName: string | null;
  /** The caller's Member row and its role (null for the owner): writes to them change what the caller may do. */
  memberId: string | null;
  roleId: string | null;
  /** The caller's display name, for the audit log. */
  actorName: string;
  /** The caller's account: whose personal rows (their notifications) they read. Unset: none. */
  userId?: string;
  /** The modules the panel has enabled: another module's data is out of reach (REST, pull, push). */
  modules: readonly string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requirePanel`; read it only on routes that run that preHandler. */
    panel: PanelAccess;
  }
}

/** Unknown panel, not a member: one answer for both. */
export const panelUnavailable = () => new AppError(Code.NotFound, 404);

/** Panel management is how modules are managed: always on, its permissions never filtered out. */
const ALWAYS_ON = 'PanelManagement';

interface AccessRecord {
  id: string | null;
  code: string | null;
  owner_user_id: string | null;
  member_id: string | null;
  role_id: string | null;
  role_name: string | null;
  permissions: unknown;
  actor_name: string;
  modules: unknown;
}

function accessSql(by: 'code' | 'id'): string {
  return `SELECT p.id, p.code, p.owner_user_id, p.modules, m.id AS member_id, r.id AS role_id, r.name AS role_name, r.permissions,
            ${displayNameSql('u')} AS actor_name
     FROM users u
     LEFT JOIN panels p ON p.${by} = $1
     LEFT JOIN ${Member.table} m ON m.panel_id = p.id AND m.user_id = $2::text AND NOT m.deleted AND m.status = 'active'
     LEFT JOIN ${Role.table} r ON r.panel_id = p.id AND r.id = m.role_id AND NOT r.deleted
     WHERE u.id = $2::uuid`;
}

/** The permissions that count in a panel with these modules: a disabled module's are cut, whatever the role says. */
export function inEnabledModules(permissions: readonly string[], modules: readonly string[]): string[] {
  const enabled = new Set<string>([ALWAYS_ON, ...modules]);
  return permissions.filter((p) => enabled.has(p.slice(0, p.indexOf('.'))));
}

function toAccess(record: AccessRecord | undefined, userId: string): PanelAccess | null {
  if (!record?.id || !record.code) return null;
  const isOwner = record.owner_user_id === userId;
  if (!isOwner && !record.member_id) return null;
  const modules = Array.isArray(record.modules) ? (record.modules as string[]) : [];
  // A disabled module's data is out of reach, whatever the role says; enabling it again brings it back.
  const granted = Array.isArray(record.permissions) ? record.permissions.filter((p): p is string => typeof p === 'string') : [];
  return {
    id: record.id,
    code: record.code,
    isOwner,
    // Everyone reads and marks their own notifications, whatever their role (decision 038).
    permissions: new Set([...inEnabledModules(isOwner ? allPermissions() : granted, modules), ...personalPermissions(entities())]),
    granted: new Set(isOwner ? allPermissions() : granted),
    roleName: isOwner ? null : record.role_name,
    memberId: isOwner ? null : record.member_id,
    roleId: isOwner ? null : record.role_id,
    actorName: record.actor_name,
    userId,
    modules,
  };
}

/** The header's panel code in canonical form: quotes (from the cookie) and case do not matter. */
export function panelCodeFrom(header: unknown): string | null {
  if (typeof header !== 'string') return null;
  const code = header
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .trim()
    .toUpperCase();
  return code ? code.slice(0, 64) : null;
}

export async function accessByCode(q: Queryable, code: string, userId: string): Promise<PanelAccess | null> {
  const [record] = await q.query<AccessRecord>(accessSql('code'), [code, userId]);
  return toAccess(record, userId);
}

/** The caller's access read again inside a write (a batch may have changed their role). */
export async function accessById(q: Queryable, panelId: string, userId: string): Promise<PanelAccess | null> {
  const [record] = await q.query<AccessRecord>(accessSql('id'), [panelId, userId]);
  return toAccess(record, userId);
}

/** The modules a panel (by id) has enabled, or null when there is no such panel (a device's credential names it, with no session). */
export async function enabledModulesOf(q: Queryable, panelId: string): Promise<string[] | null> {
  const [panel] = await q.query<{ modules: unknown }>('SELECT modules FROM panels WHERE id = $1', [panelId]);
  if (!panel) return null;
  return Array.isArray(panel.modules) ? panel.modules.filter((m): m is string => typeof m === 'string') : [];
}

/** Fastify preHandler, after `requireSession`: sets `request.panel`, or answers 400 / 404. */
export async function requirePanel(request: FastifyRequest): Promise<void> {
  const code = panelCodeFrom(request.headers[PANEL_HEADER.toLowerCase()]);
  if (!code) throw new AppError(Code.BadRequest, 400);
  const access = await accessByCode(request.server.deps.db, code, request.session.userId);
  if (!access) throw panelUnavailable();
  request.panel = access;
}

/** Answers 403 (9400) unless the caller holds the permission. */
export function ensurePermission(access: PanelAccess, permission: string): void {
  if (!access.permissions.has(permission)) throw new AppError(Code.InvalidOperation, 403);
}
