/**
 * Finds the modules: every folder of `modules/` with a `module.ts` is one; its `server/index.ts`,
 * when there is one, is its server part. Nothing lists them by hand: adding a module is adding a
 * folder. Importing this file (top-level await) registers them before anything that reads the
 * registry runs; `npm start`, the tests and the scripts all go through it.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ModuleDeclaration } from '../../src/contract/module.ts';
import { registerModules } from '../../src/contract/modules.ts';
import { registerServerModules, type ServerModule } from './serverModule.ts';

export const MODULES_DIR = resolve(import.meta.dirname, '../../modules');

export interface FoundModule {
  declaration: ModuleDeclaration;
  server: ServerModule | null;
  dir: string;
}

async function load<T>(file: string): Promise<T> {
  const loaded = (await import(pathToFileURL(file).href)) as { default?: T };
  if (!loaded.default) throw new Error(`${file} has no default export`);
  return loaded.default;
}

export async function discoverModules(root = MODULES_DIR): Promise<FoundModule[]> {
  const dirs = existsSync(root)
    ? readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory() && existsSync(join(root, d.name, 'module.ts')))
    : [];
  return Promise.all(
    dirs.map(async (d) => {
      const dir = join(root, d.name);
      const declaration = await load<ModuleDeclaration>(join(dir, 'module.ts'));
      if (declaration.key !== d.name)
        throw new Error(`modules/${d.name}/module.ts declares the module ${declaration.key}: the folder is named after its key`);
      const serverFile = join(dir, 'server', 'index.ts');
      return { declaration, server: existsSync(serverFile) ? await load<ServerModule>(serverFile) : null, dir };
    }),
  );
}

export const found = await discoverModules();

/**
 * Registers the modules found, in place of whatever was registered before: the server tests share
 * a module graph per worker (decision 031), and each test file starts from the real registry even
 * when the file before it registered modules of its own.
 */
export function registerFoundModules(): void {
  registerModules(found.map((m) => m.declaration));
  registerServerModules(found.flatMap((m) => (m.server ? [m.server] : [])));
}

registerFoundModules();
