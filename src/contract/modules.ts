/**
 * The modules and entities that exist, as discovered at start (server/modules/discover.ts on the
 * server, src/panel/modules.ts on the device): the platform's own entities (the access model, the
 * audit log, number series) and each module's. Everything that needs "every entity" or "every
 * permission" reads it here, after discovery; nothing lists modules by hand.
 */
import { accessEntities } from './access.ts';
import { documentImportEntity, type DocumentImport } from './documentImport.ts';
import { entityActions, permission, type Entity } from './entity.ts';
import type { ModuleDeclaration } from './module.ts';
import { PANEL_SETTINGS_PERMISSION } from './panels.ts';
import { modulePath } from './routes.ts';

interface Registry {
  modules: readonly ModuleDeclaration[];
  entities: readonly Entity[];
  byKey: ReadonlyMap<string, Entity>;
  permissions: readonly string[];
  known: ReadonlySet<string>;
}

function build(modules: readonly ModuleDeclaration[]): Registry {
  const sorted = [...modules].sort((a, b) => a.order - b.order || a.key.localeCompare(b.key));
  const keys = new Set<string>();
  for (const m of sorted) {
    if (keys.has(m.key.toLowerCase())) throw new Error(`two modules are called ${m.key}`);
    keys.add(m.key.toLowerCase());
  }
  for (const m of sorted) {
    for (const dep of m.dependsOn ?? [])
      if (!keys.has(dep.toLowerCase())) throw new Error(`${m.key} depends on ${dep}, which does not exist`);
  }
  const entities = [...accessEntities, ...sorted.flatMap((m) => m.entities)];
  const byKey = new Map(entities.map((e) => [e.key.toLowerCase(), e]));
  if (byKey.size !== entities.length) throw new Error('two entities share a key');
  const permissions = [
    ...entities.flatMap((e) => [
      ...entityActions(e).map((a) => permission(e, a)),
      ...Object.keys(e.grants ?? {}).map((g) => permission(e, g)),
    ]),
    PANEL_SETTINGS_PERMISSION,
  ];
  return { modules: sorted, entities, byKey, permissions, known: new Set(permissions) };
}

let registry: Registry = build([]);

/** Called once at start with every module found; tests call it again with their own. */
export function registerModules(modules: readonly ModuleDeclaration[]): void {
  registry = build(modules);
}

export function modules(): readonly ModuleDeclaration[] {
  return registry.modules;
}

export function moduleByKey(key: string): ModuleDeclaration | undefined {
  const lower = key.toLowerCase();
  return registry.modules.find((m) => m.key.toLowerCase() === lower);
}

/** Every entity: the platform's, then each module's in module order. */
export function entities(): readonly Entity[] {
  return registry.entities;
}

/** The entity named by `<Module>/<Entity>` (any case), or undefined. */
export function entityByKey(key: string): Entity | undefined {
  return registry.byKey.get(key.toLowerCase());
}

/** The document import named by `<Module>/<Name>` (any case), or undefined (decision 042). */
export function documentImportByKey(key: string): DocumentImport | undefined {
  const lower = key.toLowerCase();
  for (const m of registry.modules) for (const d of m.documentImports ?? []) if (d.key.toLowerCase() === lower) return d;
  return undefined;
}

/**
 * What an import screen imports: an importable entity, or a document import's entity (its group
 * and line fields side by side) with the declaration itself.
 */
export function importTarget(key: string): { entity: Entity; documentImport: DocumentImport | null } | undefined {
  const sheet = documentImportByKey(key);
  if (sheet) return { entity: documentImportEntity(sheet), documentImport: sheet };
  const entity = entityByKey(key);
  return entity?.importable ? { entity, documentImport: null } : undefined;
}

/**
 * Every permission a role can hold: each entity's actions (only `read` of server-only ones; submit
 * and cancel too for documents), its grants (a field readable only with one), and the panel's
 * settings. The owner holds all of them.
 */
export function allPermissions(): readonly string[] {
  return registry.permissions;
}

export function isKnownPermission(value: string): boolean {
  return registry.known.has(value);
}

/** The modules a panel may have enabled: those that exist, with everything they depend on. */
export function withDependencies(keys: readonly string[]): string[] {
  const out = new Set<string>();
  const visit = (key: string) => {
    const m = moduleByKey(key);
    if (!m || out.has(m.key)) return;
    out.add(m.key);
    for (const dep of m.dependsOn ?? []) visit(dep);
  };
  keys.forEach(visit);
  return registry.modules.filter((m) => out.has(m.key)).map((m) => m.key);
}

/** Every module screen's full path, canonical spelling. */
export function moduleRoutes(): string[] {
  return registry.modules.flatMap((m) => Object.values(m.routes).map((r) => modulePath(m.key, r)));
}

/** The modules' correctly spelled paths that redirect to the spec's spellings (full paths). */
export function moduleAliases(): Record<string, string> {
  return Object.fromEntries(
    registry.modules.flatMap((m) => Object.entries(m.aliases ?? {}).map(([from, to]) => [modulePath(m.key, from), modulePath(m.key, to)])),
  );
}
