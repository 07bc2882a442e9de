/**
 * A module is one folder, `modules/<Key>/` (docs/decisions/012-modules-and-documents.md): its
 * declaration (`module.ts`, this shape, shared by client and server), its entities, its client
 * part (screens, navigation), its server part (rules, posting, reports), its words and its tests.
 * The platform discovers the folders; nothing shared lists them.
 */
import type { DocumentImport } from './documentImport.ts';
import type { Entity } from './entity.ts';
import { modulePath } from './routes.ts';

/** A module's screen routes: each route's name → its path relative to `/User/Panel/Module/<key>/`. */
export type RouteTable = Readonly<Record<string, string>>;

export interface ModuleDeclaration<R extends RouteTable = RouteTable> {
  /** The spec's path segment: `/User/Panel/Module/<key>/…`, and the first part of its entities' keys. */
  key: string;
  /** The entities it declares (their `module` is this key). */
  entities: readonly Entity[];
  /**
   * Every screen route, declared here once (docs/decisions/034-routes-declared-once.md): its name
   * → its path relative to `/User/Panel/Module/<key>/`, spelled as the spec spells it. Links are
   * built from the names (`modulePaths`), and the client part gives exactly one screen per name.
   */
  routes: R;
  /** Correctly spelled routes that redirect to the spec's spellings (relative, like `routes`). */
  aliases?: Readonly<Record<string, string>>;
  /**
   * Modules this one needs: they must be enabled with it, and only their exports may be imported
   * from it (`client/exports.ts`, `server/exports.ts`, their declarations), as the lint rule checks.
   */
  dependsOn?: readonly string[];
  /**
   * Modules whose published document events this one follows (docs/decisions/033): its server part
   * may import their `server/exports.ts` (the event handles and payload types) and nothing else of
   * them. Unlike `dependsOn`, they need not be enabled with it: a follower of a disabled module's
   * documents simply hears nothing.
   */
  listensTo?: readonly string[];
  /** On in every panel and never disabled (panel management: it is where modules are managed). */
  alwaysOn?: boolean;
  /**
   * A module that is only another's screens at addresses of its own (the spec's
   * NagemWarehousingERP/product/AddNewProduct is warehousing's product form): its routes open
   * wherever that module is enabled, and it is never offered, listed or put in a menu on its own
   * (docs/decisions/030-stages-and-the-erp-entry.md).
   */
  follows?: string;
  /** Where it sorts in menus and lists (smaller first). */
  order: number;
  /** Documents a sheet may make (decision 042): warehousing's opening stock as goods-in receipts. */
  documentImports?: readonly DocumentImport[];
}

/** Checks a module's declaration: its entities are its own, its routes unique, its aliases lead to its routes. */
export function defineModule<R extends RouteTable>(declaration: ModuleDeclaration<R>): ModuleDeclaration<R> {
  for (const sheet of declaration.documentImports ?? []) {
    if (sheet.module !== declaration.key || !declaration.entities.includes(sheet.document))
      throw new Error(`${sheet.key}: a document import makes a document of its own module`);
  }
  for (const entity of declaration.entities) {
    if (entity.module !== declaration.key) throw new Error(`${entity.key} is declared by the module ${declaration.key}`);
  }
  const seen = new Set<string>();
  for (const route of Object.values(declaration.routes)) {
    const key = route.toLowerCase();
    if (seen.has(key)) throw new Error(`${declaration.key} lists the route ${route} twice`);
    seen.add(key);
  }
  for (const [from, to] of Object.entries(declaration.aliases ?? {})) {
    if (!Object.values(declaration.routes).includes(to) || seen.has(from.toLowerCase()))
      throw new Error(`${declaration.key}: the alias ${from} must lead to one of its routes and be none`);
  }
  if (declaration.follows && !declaration.dependsOn?.includes(declaration.follows))
    throw new Error(`${declaration.key} follows ${declaration.follows} without depending on it`);
  return declaration;
}

/** A module's screens' full paths by route name: `modulePaths(module).categoryList`. */
export type ModulePaths<R extends RouteTable> = { readonly [N in keyof R]: string };

/** Every screen's full path of a module, by its route's name (its client's `paths.ts` is this one line). */
export function modulePaths<R extends RouteTable>(module: ModuleDeclaration<R>): ModulePaths<R> {
  return Object.fromEntries(Object.entries(module.routes).map(([name, route]) => [name, modulePath(module.key, route)])) as ModulePaths<R>;
}

/** Whether a panel with these modules enabled opens this module (always on, enabled, or following one that is). */
export function moduleEnabled(module: ModuleDeclaration, enabled: readonly string[]): boolean {
  return module.alwaysOn === true || enabled.includes(module.key) || (module.follows !== undefined && enabled.includes(module.follows));
}
