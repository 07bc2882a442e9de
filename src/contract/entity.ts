/**
 * Declare, then derive: one `defineEntity` per business entity. From the declaration come the
 * server's validation, its table (a generated SQL migration), its REST routes and sync, the Dexie
 * table, and the generic list/details/form screens. A module adds an entity by declaring it, plus
 * only the screens and rules that are really its own (server lifecycle hooks, keyed by entity).
 */
import type { ModuleKey } from './routes.ts';
import { normalizeField, type Field, type FieldProblem, type Label } from './fields.ts';

export type Action = 'read' | 'create' | 'update' | 'delete';
export const actions: readonly Action[] = ['read', 'create', 'update', 'delete'];

export interface EntityDeclaration<F extends Record<string, Field> = Record<string, Field>> {
  module: ModuleKey;
  /** PascalCase, unique within the module; the REST path is `/api/<Module>/<Entity>`. */
  name: string;
  label: Label;
  pluralLabel: Label;
  fields: F;
  /** The field that names a row in lists, references and the audit log. */
  titleField: keyof F & string;
  /** Columns of the list screen, in order. */
  listFields: readonly (keyof F & string)[];
  /** Fields the list's search box looks in. */
  searchFields: readonly (keyof F & string)[];
  /** Fields that get a database index (server) and a Dexie index (client), for filters and sorting. */
  indexes: readonly (keyof F & string)[];
  defaultSort: { field: (keyof F & string) | 'updatedAt'; direction: 'asc' | 'desc' };
  /** Rows only the server writes (the audit log): clients read and pull, never push. */
  serverOnly?: boolean;
}

export interface Entity extends EntityDeclaration {
  /** `<Module>/<Entity>`: the entity's key in sync, permissions and references. */
  key: string;
  /** snake_case SQL table name, `e_<module>_<entity>`. */
  table: string;
}

/** Checks field names in the declaration at compile time; answers the entity with its fields' types kept. */
export function defineEntity<F extends Record<string, Field>>(declaration: EntityDeclaration<F>): Entity & { fields: F } {
  const snake = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
  return {
    ...declaration,
    key: `${declaration.module}/${declaration.name}`,
    table: `e_${snake(declaration.module)}_${snake(declaration.name)}`,
  } as Entity & { fields: F };
}

/** The declared field of this name; never one inherited from Object (`__proto__`, `constructor`…). */
export function fieldOf(entity: Pick<Entity, 'fields'>, name: string): Field | undefined {
  return Object.hasOwn(entity.fields, name) ? entity.fields[name] : undefined;
}

/** The fields people see (details, filters, CSV): all but the internal ones. */
export function shownFields(entity: Pick<Entity, 'fields'>): [string, Field][] {
  return Object.entries(entity.fields).filter(([, field]) => !field.internal);
}

/** Every row carries these beside its declared fields. */
export interface RowMeta {
  id: string;
  /** Starts at 1 on create and grows by one with every applied write. */
  version: number;
  updatedAt: string;
  deleted: boolean;
}

export type Row = RowMeta & Record<string, unknown>;

/** The permission string the server checks and the client hides by: `<Module>.<Entity>.<action>`. */
export function permission(entity: Pick<Entity, 'module' | 'name'>, action: Action): string {
  return `${entity.module}.${entity.name}.${action}`;
}

export interface ValidationFailure {
  code: number;
  /** field name → what is wrong with it */
  fields: Record<string, FieldProblem['reason']>;
}

/**
 * Normalises and checks the values of a create (every field) or an update (only the given ones).
 * Unknown fields are refused; read-only fields may not be written by clients.
 */
export function validateValues(
  entity: Entity,
  values: unknown,
  mode: 'create' | 'update',
): { values: Record<string, unknown> } | { failure: ValidationFailure } {
  if (typeof values !== 'object' || values === null || Array.isArray(values)) {
    return { failure: { code: 9401, fields: {} } };
  }
  const input = values as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  const fields: Record<string, FieldProblem['reason']> = {};
  let code = 0;
  for (const name of Object.keys(input)) {
    const field = fieldOf(entity, name);
    if (!field || field.readOnly) {
      fields[name] = 'type';
      code ||= 9401;
    }
  }
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.readOnly) continue;
    if (mode === 'update' && !(name in input)) continue;
    const result = normalizeField(field, input[name]);
    if ('problem' in result) {
      fields[name] = result.problem.reason;
      code ||= result.problem.code;
    } else out[name] = result.value;
  }
  return code ? { failure: { code, fields } } : { values: out };
}

/**
 * REST for every entity, under `/api/<Module>/<Entity>` (scoped to X-Panel-Code, checked against
 * the caller's role): GET list (search, sort, order, page, pageSize, `filter.<field>=<value>`,
 * and for numbers, dates and times `filter.<field>.from` / `filter.<field>.to`, inclusive), GET
 * `/:id`, POST (`{ id?, ...values }`), PUT `/:id` (`{ version, ...changed values }`), DELETE
 * `/:id?version=<n>`. Writes go through the same rules as sync pushes.
 */
export function entityPath(entity: Pick<Entity, 'module' | 'name'>): string {
  return `/api/${entity.module}/${entity.name}`;
}

export interface EntityListResponse {
  items: Row[];
  total: number;
  page: number;
  pageSize: number;
}

export const LIST_PAGE_SIZE_DEFAULT = 25;
export const LIST_PAGE_SIZE_MAX = 500;

/**
 * Why the server refused a field: a validation reason, or a rule checked against stored rows
 * (`unique`: another live row has the value; `reference`: the referenced row is not in this
 * panel or is deleted, or would make a cycle).
 */
export type WriteFieldReason = FieldProblem['reason'] | 'unique' | 'reference';
