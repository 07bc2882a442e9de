/**
 * Finds the modules (docs/decisions/012-modules-and-documents.md): every `modules/<Key>/module.ts`
 * is a module and its `client/index.tsx` its client part. Nothing lists them by hand. Importing
 * this file registers them (the declarations in the contract's registry, the words with i18n), so
 * whatever reads the modules imports it; it stays out of the login page's chunk.
 */
import type { ComponentType } from 'react';
import { moduleEnabled, type ModuleDeclaration } from '../contract/module.ts';
import { registerModules } from '../contract/modules.ts';
import { withQuery } from '../contract/routes.ts';
import { addCatalogues } from '../i18n/locale.ts';
import { routePath, type ClientModule, type RefusalProps } from './clientModule.ts';

const declarations = import.meta.glob<ModuleDeclaration>('../../modules/*/module.ts', { eager: true, import: 'default' });
const found = import.meta.glob<ClientModule>('../../modules/*/client/index.tsx', { eager: true, import: 'default' });

registerModules(Object.values(declarations));
const parts = Object.values(found).sort((a, b) => a.module.order - b.module.order || a.module.key.localeCompare(b.module.key));
for (const part of parts) if (part.catalogue) addCatalogues(part.catalogue);

/** Every module's client part, in module order. */
export function clientModules(): readonly ClientModule[] {
  return parts;
}

const listed = parts.filter((part) => !part.module.follows);

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
