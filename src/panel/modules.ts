/**
 * Finds the modules (docs/decisions/012-modules-and-documents.md): every `modules/<Key>/module.ts`
 * is a module and its `client/index.tsx` its client part. Nothing lists them by hand. Importing
 * this file registers them (the declarations in the contract's registry, the words with i18n), so
 * whatever reads the modules imports it (or reads them from `moduleRegistry.ts` once this has run:
 * a module's screens); it stays out of the login page's chunk.
 */
import type { ModuleDeclaration } from '../contract/module.ts';
import { registerModules } from '../contract/modules.ts';
import { addCatalogues } from '../i18n/locale.ts';
import type { ClientModule } from './clientModule.ts';
import { registerClientModules } from './moduleRegistry.ts';

const declarations = import.meta.glob<ModuleDeclaration>('../../modules/*/module.ts', { eager: true, import: 'default' });
const found = import.meta.glob<ClientModule>('../../modules/*/client/index.tsx', { eager: true, import: 'default' });

registerModules(Object.values(declarations));
const parts = Object.values(found).sort((a, b) => a.module.order - b.module.order || a.module.key.localeCompare(b.module.key));
for (const part of parts) if (part.catalogue) addCatalogues(part.catalogue);

registerClientModules(parts);

export { clientModule, clientModules, documentPage, listedModules, moduleOpens, refusalOf } from './moduleRegistry.ts';
