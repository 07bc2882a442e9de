/** Every declared entity. A module adds its entities here; everything else derives from this list. */
import { actions, permission, type Entity } from '../entity.ts';
import { PANEL_SETTINGS_PERMISSION } from '../panels.ts';
import { Activity, Member, Role } from './panelManagement.ts';

export const entities: readonly Entity[] = [Role, Member, Activity];

const byKey = new Map(entities.map((e) => [e.key.toLowerCase(), e]));

/** The entity named by `<Module>/<Entity>` (any case), or undefined. */
export function entityByKey(key: string): Entity | undefined {
  return byKey.get(key.toLowerCase());
}

/**
 * Every permission a role can hold: the four actions of each entity (only `read` of server-only
 * ones, which clients never write) and the panel's settings. The owner holds all of them.
 */
export const allPermissions: readonly string[] = [
  ...entities.flatMap((e) => (e.serverOnly ? [permission(e, 'read')] : actions.map((a) => permission(e, a)))),
  PANEL_SETTINGS_PERMISSION,
];

const knownPermissions = new Set(allPermissions);

export function isKnownPermission(value: string): boolean {
  return knownPermissions.has(value);
}
