/**
 * The modules' client parts once found: `modules.ts` discovers them (import.meta.glob) and hands
 * them here; screens read them from here (through src/moduleKit.ts). Kept apart from the discovery
 * so that a module's client, which the discovery imports, can reach these queries without an
 * import circle.
 */
import type { ComponentType } from 'react';
import { moduleEnabled } from '../contract/module.ts';
import { withQuery } from '../contract/routes.ts';
import { routePath, type ClientModule, type RefusalProps } from './clientModule.ts';

let parts: readonly ClientModule[] = [];
let listed: readonly ClientModule[] = [];

/** Called once by the discovery (`modules.ts`), in module order. */
export function registerClientModules(found: readonly ClientModule[]): void {
  parts = found;
  listed = found.filter((part) => !part.module.follows);
}

/** Every module's client part, in module order. */
export function clientModules(): readonly ClientModule[] {
  return parts;
}

/** The modules offered, listed and put in menus: all but those that only follow another (decision 030). */
export function listedModules(): readonly ClientModule[] {
  return listed;
}

/** Whether a module's screens open in a panel with these modules (one that follows another opens with it): as the server's module routes answer. */
export function moduleOpens(part: ClientModule, enabled: readonly string[]): boolean {
  return moduleEnabled(part.module, enabled);
}

export function clientModule(key: string): ClientModule | undefined {
  const lower = key.toLowerCase();
  return parts.find((p) => p.module.key.toLowerCase() === lower);
}

/** The page that shows the row `id` of the document `entityKey` (`<Module>/<Entity>`), if its module names one. */
export function documentPage(entityKey: string, id: string): string | null {
  const [key, name] = entityKey.split('/');
  const part = key ? clientModule(key) : undefined;
  const route = name ? part?.documentPages?.[name] : undefined;
  return part && route ? withQuery(routePath(part, route), { id }) : null;
}

/** The module's words for a refusal of the document `entityKey` (`<Module>/<Entity>`), if it has any. */
export function refusalOf(entityKey: string): ComponentType<RefusalProps> | null {
  const [key, name] = entityKey.split('/');
  const part = key ? clientModule(key) : undefined;
  return (name && part?.refusals?.[name]) || null;
}
