/**
 * `canAccess` (react-admin's authProvider.canAccess): whether the person may do an action in the
 * current panel, by the permission strings the server checks (`<Module>.<Entity>.<action>`). The
 * owner holds every one. The client only hides what the answer forbids; the server decides.
 */
import type { Entity } from '../contract/entity.ts';
import { permission, READ_ALL_GRANT } from '../contract/entity.ts';
import type { CurrentPanel } from '../contract/panels.ts';
import { currentPanelState, useCurrentPanel } from './currentPanel.ts';

export function panelAllows(panel: Pick<CurrentPanel, 'isOwner' | 'permissions'> | undefined, wanted: string): boolean {
  if (!panel) return false;
  return panel.isOwner || panel.permissions.includes(wanted);
}

/** A short hash of what the person may do; it changes exactly when their access changes. */
export function accessHash(panel: Pick<CurrentPanel, 'isOwner' | 'permissions'>): string {
  const text = panel.isOwner ? 'owner' : [...panel.permissions].sort().join('|');
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return `${panel.isOwner ? 'o' : 'm'}${hash.toString(16)}`;
}

export function canReadEntity(panel: Pick<CurrentPanel, 'isOwner' | 'permissions'>, entity: Pick<Entity, 'module' | 'name'>): boolean {
  return panelAllows(panel, permission(entity, 'read'));
}

/** Whether the person sees every row of the entity: it has no row scope, or they hold its `readAll` grant (the owner does). */
export function seesAllOf(
  panel: Pick<CurrentPanel, 'isOwner' | 'permissions'>,
  entity: Pick<Entity, 'module' | 'name' | 'scope'>,
): boolean {
  return !entity.scope || panelAllows(panel, permission(entity, READ_ALL_GRANT));
}

/** Outside React: answers from the current panel as last loaded. */
export function canAccess(wanted: string): boolean {
  const current = currentPanelState();
  return current.status === 'ready' && panelAllows(current.panel, wanted);
}

/** In a component: a `canAccess` that re-renders when the panel or the person's access changes. */
export function useCanAccess(): (wanted: string) => boolean {
  const current = useCurrentPanel();
  const panel = current.status === 'ready' ? current.panel : undefined;
  return (wanted) => panelAllows(panel, wanted);
}
