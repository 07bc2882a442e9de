/**
 * First-run setup (POST /api/Panel/InitialElements): the default roles, named in the request's
 * language. Each has an id derived from the panel, so running the setup twice, or from two
 * devices at once, creates nothing twice; once the panel is marked initialised it does nothing.
 * The roles go through the one mutation path, so they are audited and synced like any other row.
 */
import { createHash } from 'node:crypto';
import { entities, allPermissions } from '../../src/contract/modules.ts';
import { Role } from '../../src/contract/entities/panelManagement.ts';
import { permission, type Entity, type Row } from '../../src/contract/entity.ts';
import { applyMutation } from '../entities/applyMutation.ts';
import { findRows } from '../entities/entityStore.ts';
import type { WriteContext } from '../entities/writeContext.ts';
import type { Lang } from '../i18n/messages.ts';
import { markInitialized } from '../panels/panelStore.ts';

type DefaultRoleKey = 'administrator' | 'staff' | 'viewer';

const business = (e: Entity) => e.module !== 'PanelManagement';
const readable = (e: Entity) => business(e) || e.name === 'Role' || e.name === 'Member';

/**
 * Each default role's permissions. Staff is least privilege (decision 019): what each entity's
 * declaration gives it (`staff`), reading and creating what a staff member's own work needs; no
 * review, policy or `readAll` grant, no accounting, no deleting. A change here reaches panels
 * whose default roles were never edited only through a migration (server/db/migrations/after).
 */
export const defaultMatrices: Record<DefaultRoleKey, () => string[]> = {
  administrator: () => [...allPermissions()],
  staff: () => entities().flatMap((e) => (e.staff ?? []).map((held) => permission(e, held))),
  viewer: () =>
    entities()
      .filter(readable)
      .map((e) => permission(e, 'read')),
};

const words: Record<DefaultRoleKey, Record<Lang, { name: string; description: string }>> = {
  administrator: {
    en: { name: 'Administrator', description: "Full access to every module and to the panel's settings." },
    fa: { name: 'مدیر', description: 'دسترسی کامل به همهٔ ماژول‌ها و تنظیمات پیشخوان.' },
  },
  staff: {
    en: {
      name: 'Staff',
      description: 'Does their own work in each module: sees what it needs and adds their own records; reviews and manages nothing.',
    },
    fa: {
      name: 'کارمند',
      description:
        'کار خودش را در هر ماژول انجام می‌دهد: آنچه لازم دارد را می‌بیند و داده‌های خودش را می‌افزاید؛ بررسی و مدیریت با او نیست.',
    },
  },
  viewer: {
    en: { name: 'Viewer', description: 'Sees the records but cannot change them.' },
    fa: { name: 'ناظر', description: 'داده‌ها را می‌بیند، ولی نمی‌تواند تغییرشان دهد.' },
  },
};

const order: readonly { key: DefaultRoleKey; parent: DefaultRoleKey | null }[] = [
  { key: 'administrator', parent: null },
  { key: 'staff', parent: 'administrator' },
  { key: 'viewer', parent: 'administrator' },
];

/** A stable UUID (version 5 layout) for the panel's default role. */
export function defaultRoleId(panelId: string, key: DefaultRoleKey): string {
  const h = createHash('sha256').update(`${panelId}:default-role:${key}`).digest('hex');
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export async function createDefaultRoles(ctx: WriteContext, initialized: boolean): Promise<Row[]> {
  const ids = order.map(({ key }) => defaultRoleId(ctx.access.id, key));
  if (!initialized) {
    const existing = new Set((await findRows(ctx.tx, Role, ctx.access.id, ids)).map((r) => r.id));
    for (const { key, parent } of order) {
      const id = defaultRoleId(ctx.access.id, key);
      if (existing.has(id)) continue;
      const parentId = parent ? defaultRoleId(ctx.access.id, parent) : null;
      const outcome = await applyMutation(ctx, {
        entity: Role,
        op: 'create',
        id,
        values: {
          ...words[key][ctx.lang],
          parentRoleId: parentId && existing.has(parentId) ? parentId : null,
          permissions: defaultMatrices[key](),
        },
      });
      // A role the panel already has under the same name stays as it is.
      if (outcome.status === 'applied') existing.add(id);
    }
    await markInitialized(ctx.tx, ctx.access.id, ctx.now);
  }
  return (await findRows(ctx.tx, Role, ctx.access.id, ids)).filter((r) => !r.deleted);
}
