/**
 * Declare, then derive: one `defineEntity` per business entity. From the declaration come the
 * server's validation, its table (a generated SQL migration), its REST routes and sync, the Dexie
 * table, and the generic list/details/form screens. A module adds an entity by declaring it, plus
 * only the screens and rules that are really its own (server lifecycle hooks, keyed by entity).
 */
import type { ModuleKey } from './routes.ts';
import { appliesWhenProblem, isUuid, normalizeField, SERVER_ONLY, type Field, type FieldProblem, type Label } from './fields.ts';

export type Action = 'read' | 'create' | 'update' | 'delete' | 'submit' | 'cancel';
export const actions: readonly Action[] = ['read', 'create', 'update', 'delete'];
/** A document's actions: the four, and submit and cancel (documents.md). */
export const documentActions: readonly Action[] = [...actions, 'submit', 'cancel'];

/**
 * What makes an entity a business document (documents.md): lines that travel with the header as
 * one mutation, the draft → submitted → cancelled lifecycle with `submit` and `cancel` actions, and
 * a number from a series given by the server at submit.
 */
export interface DocumentSpec<L extends Record<string, Field> = Record<string, Field>> {
  /** The fields of a line; each line also has its own id. */
  lines: L;
  /** The series' default prefix, e.g. 'RC' makes RC-1404-00042. A panel may change it. */
  series: string;
  /** The most lines a document may have (500 unless smaller). */
  maxLines?: number;
  /** At least one line to submit (default true). */
  needsLines?: boolean;
  /** The lines' key figures, always in view on a phone (decision 026); unset: every number and amount. */
  keyLineFields?: readonly (keyof L & string)[];
  /** How the document is printed (decision 028): declared by its module, as only it knows the words. */
  print: DocumentPrintSpec<L>;
}

/**
 * A printed document's own words and figures. The platform lays the page out (the panel's
 * letterhead, number, date, header fields, lines, signatures); the document kind says what it is
 * called on paper («حوالهٔ انبار», not "Receipt"), which line columns add up, and its amount.
 */
export interface DocumentPrintSpec<L extends Record<string, Field> = Record<string, Field>> {
  /** The paper's title; a function when it depends on the document (goods in or out). */
  title: Label | ((row: Row) => Label);
  /** Money columns of the lines whose totals print under them (a voucher's debit and credit). */
  totals?: readonly (keyof L & string)[];
  /** The document's amount in rials, printed in figures and in words (null: the document has none). */
  amount?: (row: Row) => bigint | null;
}

export type DocumentStatus = 'draft' | 'submitted' | 'cancelled';
export const LINES_MAX = 500;

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
  /** The list's key figures, always in view on a phone (decision 026); unset: every number and amount. */
  keyFields?: readonly (keyof F & string)[];
  /** Fields the list's search box looks in. */
  searchFields: readonly (keyof F & string)[];
  /** Fields that get a database index (server) and a Dexie index (client), for filters and sorting. */
  indexes: readonly (keyof F & string)[];
  defaultSort: { field: (keyof F & string) | 'updatedAt'; direction: 'asc' | 'desc' };
  /** Rows only the server writes (the audit log, ledgers, balances): clients read and pull, never push. */
  serverOnly?: boolean;
  /**
   * Rows the server makes (a person's notifications, decision 038): clients never create or delete
   * one, and may update only its fields that are not read-only (marking it read).
   */
  serverMade?: boolean;
  /**
   * A person's own rows (decision 038): the field holding the account id whose row it is. Nobody
   * else reads or writes it, not even the panel's owner or a holder of any grant; every member (and
   * the owner) reads and updates their own whatever their role (`personalPermissions`).
   */
  personal?: keyof F & string;
  /**
   * Append-only rows (a support reply or internal note, a punch, a count entry): once made, never
   * deleted and never edited by anyone over any path (REST or sync); a correction is a new row.
   * `reviewable` names the fields a later review may still set (a punch's status and note).
   */
  appendOnly?: { reviewable?: readonly (keyof F & string)[] };
  /** A document: lines, lifecycle and numbering (see DocumentSpec). */
  document?: DocumentSpec;
  /** A tree: the reference field to the parent row of the same entity; the server refuses cycles. */
  tree?: keyof F & string;
  /**
   * Compound indexes kept on the device only, for a screen that reads a slice of a large table
   * (one person's punches of a month: `[['personnelId', 'at']]`); the server's queries have SQL.
   */
  deviceIndexes?: readonly (readonly (keyof F & string)[])[];
  /** Fields the server looks rows up by across panels (an index on the field alone). */
  lookups?: readonly (keyof F & string)[];
  /** Sets of fields whose values together are unique among the panel's live rows (a bin's code within its warehouse). */
  uniqueTogether?: readonly (readonly (keyof F & string)[])[];
  /**
   * Permissions of this entity beyond its four actions, each with the words the role matrix shows
   * (`<Module>.<Entity>.<grant>`); a field's `readableBy` names one.
   */
  grants?: Record<string, Label>;
  /**
   * Row-level scope (docs/decisions/013-row-scopes.md): the reference field to
   * `PanelManagement/Member` that says whose row it is (a customer's agent). Someone holding
   * `<Module>.<Entity>.readAll` (a grant added for every scoped entity) sees every row, as the
   * owner does; anyone else sees, and writes, only the rows whose field is their own Member id.
   */
  scope?: ScopeDeclaration<keyof F & string>;
  /**
   * The reference to `PanelManagement/Member` naming the person a row is about (an employee's own
   * row, a punch's person). Nobody writes a field with a `guard` on a row naming themselves,
   * whatever their role (docs/decisions/019-separation-of-duties.md).
   */
  person?: keyof F & string;
  /**
   * What the default Staff role holds of this entity (server/access/defaultRoles.ts): the actions
   * and grants a staff member's own work needs — reading, and creating their own rows — and
   * nothing that reviews, manages or lifts a scope. Unset: nothing (decision 019).
   */
  staff?: readonly string[];
  /**
   * Rows made in step with another module's row (accounting's mirror party of a customer):
   * `source` holds `<entity key>:<id>`, and the `fields` that name it are sent only to readers
   * who see every row of that entity; anyone else gets them null and cannot search, filter or
   * sort by them (docs/decisions/020-scopes-follow-references.md).
   */
  mirror?: { source: keyof F & string; fields: readonly (keyof F & string)[] };
  /** Rows people may bring in from a spreadsheet (decision 042): the import screen's options. */
  importable?: ImportSpec<keyof F & string>;
  /**
   * The history a device keeps of this entity (decision 050): rows older than the window stay on
   * the server, which answers for them on demand. Unset: every row the person may read.
   */
  window?: WindowDeclaration<keyof F & string>;
  /**
   * Sums a device keeps of this entity's rows per group (decision 052), updated as rows are stored,
   * so a screen shows the totals of 300,000 rows without reading them. Refused with a window: a
   * row leaving the device by age would leave the sums.
   */
  totals?: TotalsDeclaration<keyof F & string>;
}

/** Per distinct values of `by`, the count of rows and the exact sum of each `sum` field (decimal or money). */
export interface TotalsDeclaration<K extends string = string> {
  by: readonly K[];
  sum: readonly K[];
}

/**
 * A device's window of history (decision 050, src/contract/syncWindow.ts has its rules): rows
 * whose `field` (a `date` or `dateTime`) falls before this Jalali month's `months` earlier ones, or
 * before this Jalali year's `years` earlier ones, stay on the server; rows whose `keep.field` holds
 * one of `keep.values` (a draft, an open request) stay on the device whatever their date.
 */
export interface WindowDeclaration<K extends string = string> {
  field: K;
  months?: number;
  years?: number;
  /** A document's `status` too (it is the document kit's field, not one the declaration lists). */
  keep?: { field: K | 'status'; values: readonly string[] };
}

/**
 * How an entity is imported from a sheet (docs/decisions/042-import-from-spreadsheets.md). The
 * import screen, its template and its test run are derived from the fields; this says only what
 * the fields cannot: which column matches a row already here, and what an example row looks like.
 */
export interface ImportSpec<K extends string = string> {
  /** Fields that may match a sheet's row to a row already here (create-or-update); the first is offered first. */
  keys: readonly K[];
  /** The template's example row, as a person would type it (references by code or name). */
  example: Partial<Record<K, string>>;
  /**
   * A module's own check of a whole row beyond its fields' kinds (a Sheba's check digits): field →
   * reason. `rowOf` finds a referenced row the page handed the checker (a document import's `needs`).
   */
  check?: (
    values: Record<string, unknown>,
    rowOf: (entity: string, id: unknown) => Row | undefined,
  ) => Record<string, FieldProblem['reason']> | null;
}

/**
 * Whose rows are whose (decisions 013 and 020). `field` names the Member a row belongs to; the
 * row is also anyone's named in `also` (a support request's supporter). With `from`, the row
 * belongs to a scoped row it refers to (a request to its customer, a message to its request): the
 * server keeps its `fields` equal to the parent's fields of the same names, on every write and
 * whenever the parent's change. With `queue`, rows whose `queue.field` is empty (the unassigned
 * queue) are seen by holders of `queue.permission` too. Whatever the scope, a reference to a row
 * outside the writer's scope is answered as a missing row.
 */
export interface ScopeDeclaration<K extends string = string> {
  field: K;
  also?: readonly K[];
  from?: { reference: K; fields: readonly K[] };
  queue?: { field: K; permission: string };
}

/** The grant that lifts an entity's row scope: its holder sees and writes every row. */
export const READ_ALL_GRANT = 'readAll';
const readAllLabel: Label = /*i18n*/ { id: 'grant.readAll', message: "See everyone's rows, not only their own" };

export interface Entity extends EntityDeclaration {
  /** `<Module>/<Entity>`: the entity's key in sync, permissions and references. */
  key: string;
  /** snake_case SQL table name, `e_<module>_<entity>`. */
  table: string;
}

/** Checks field names in the declaration at compile time; answers the entity with its fields' types kept. */
export function defineEntity<F extends Record<string, Field>>(declaration: EntityDeclaration<F>): Entity & { fields: F } {
  const snake = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
  const scope = declaration.scope;
  if (scope) {
    for (const name of [scope.field, ...(scope.also ?? [])]) {
      const field = Object.hasOwn(declaration.fields, name) ? declaration.fields[name] : undefined;
      if (field?.kind !== 'reference' || field.to !== 'PanelManagement/Member' || field.readableBy !== undefined) {
        throw new Error(
          `${declaration.module}/${declaration.name}: its scope must be a readable reference field to PanelManagement/Member`,
        );
      }
    }
    const from = scope.from;
    if (from) {
      const reference = Object.hasOwn(declaration.fields, from.reference) ? declaration.fields[from.reference] : undefined;
      const members: readonly string[] = [scope.field, ...(scope.also ?? [])];
      if (
        reference?.kind !== 'reference' ||
        !from.fields.length ||
        from.fields.some((f) => !members.includes(f) || !declaration.fields[f]!.readOnly)
      ) {
        throw new Error(
          `${declaration.module}/${declaration.name}: its scope's parent must be a reference, and the fields it copies read-only scope fields`,
        );
      }
    }
  }
  const grants = new Set([...(scope ? [READ_ALL_GRANT] : []), ...Object.keys(declaration.grants ?? {})]);
  for (const [name, field] of Object.entries(declaration.fields)) {
    if (field.guard && !grants.has(field.guard.grant))
      throw new Error(`${declaration.module}/${declaration.name}.${name}: its guard names an undeclared grant`);
  }
  for (const fields of [declaration.fields, declaration.document?.lines ?? {}]) {
    const problem = appliesWhenProblem(fields);
    if (problem) throw new Error(`${declaration.module}/${declaration.name}.${problem}`);
  }
  for (const held of declaration.staff ?? []) {
    if (!(entityActions(declaration) as readonly string[]).includes(held) && !grants.has(held))
      throw new Error(`${declaration.module}/${declaration.name}: staff names ${held}, neither an action nor a grant of it`);
  }
  const window = declaration.window;
  if (window) {
    const kind = Object.hasOwn(declaration.fields, window.field) ? declaration.fields[window.field]!.kind : undefined;
    const keep =
      window.keep && (Object.hasOwn(declaration.fields, window.keep.field) || (declaration.document && window.keep.field === 'status'));
    if (
      (kind !== 'date' && kind !== 'dateTime') ||
      (window.keep && !keep) ||
      (window.months === undefined) === (window.years === undefined)
    )
      throw new Error(`${declaration.module}/${declaration.name}: its window needs a date field and either months or years`);
  }
  const totals = declaration.totals;
  if (totals) {
    const kindOf = (name: string) => (Object.hasOwn(declaration.fields, name) ? declaration.fields[name]!.kind : undefined);
    if (
      window ||
      !totals.by.length ||
      !totals.sum.length ||
      totals.by.some((name) => kindOf(name) === undefined) ||
      totals.sum.some((name) => kindOf(name) !== 'decimal' && kindOf(name) !== 'money')
    )
      throw new Error(
        `${declaration.module}/${declaration.name}: its totals need fields to group by, decimal or money fields to sum, and no window`,
      );
  }
  if (declaration.person !== undefined) {
    const field = Object.hasOwn(declaration.fields, declaration.person) ? declaration.fields[declaration.person] : undefined;
    if (field?.kind !== 'reference' || field.to !== 'PanelManagement/Member')
      throw new Error(`${declaration.module}/${declaration.name}: its person must be a reference field to PanelManagement/Member`);
  }
  return {
    ...declaration,
    ...(scope ? { grants: { [READ_ALL_GRANT]: readAllLabel, ...declaration.grants } } : {}),
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

/** Whether a row of the entity may be edited at all afterwards (an append-only entity with nothing to review may not). */
export function editable(entity: Pick<Entity, 'appendOnly'>): boolean {
  return !entity.appendOnly || (entity.appendOnly.reviewable?.length ?? 0) > 0;
}

/** Whether a row of the entity may ever be deleted (append-only rows may not). */
export function deletable(entity: Pick<Entity, 'appendOnly'>): boolean {
  return !entity.appendOnly;
}

/** Every row carries these beside its declared fields. */
export interface RowMeta {
  id: string;
  /** Starts at 1 on create and grows by one with every applied write. */
  version: number;
  updatedAt: string;
  deleted: boolean;
}

/** A document's line: its own id and the declared line fields. */
export type Line = { id: string } & Record<string, unknown>;

/** What a document row carries besides RowMeta and its header fields. */
export interface DocumentMeta {
  status: DocumentStatus;
  /** Given at submit, e.g. RC-1404-00042; null while a draft. */
  number: string | null;
  submittedAt: string | null;
  /** The cancelled document this draft amends. */
  amendedFrom: string | null;
  lines: Line[];
}

/** The wire names of a document's meta fields (never declared fields). */
export const documentMetaFields = ['status', 'number', 'submittedAt', 'amendedFrom', 'lines'] as const;

export function isDocument(entity: Pick<Entity, 'document'>): entity is Entity & { document: DocumentSpec } {
  return entity.document !== undefined;
}

/** The entity, known to be a document (for screens that only make sense for one). */
export function asDocument<E extends Entity>(entity: E): E & { document: DocumentSpec } {
  if (!isDocument(entity)) throw new Error(`${entity.key} is not a document`);
  return entity;
}

/** The actions an entity has: read only for server-only ones; the lifecycle's too for documents. */
export function entityActions(entity: Pick<Entity, 'serverOnly' | 'document' | 'serverMade'>): readonly Action[] {
  if (entity.serverOnly) return ['read'];
  if (entity.serverMade) return ['read', 'update'];
  return entity.document ? documentActions : actions;
}

export type Row = RowMeta & Record<string, unknown>;

/** The permission string the server checks and the client hides by: `<Module>.<Entity>.<action or grant>`. */
export function permission(entity: Pick<Entity, 'module' | 'name'>, action: Action | string): string {
  return `${entity.module}.${entity.name}.${action}`;
}

/**
 * The row as a caller holding `permissions` may see it: fields kept on the server are left out,
 * fields behind a grant the caller lacks are null. Every row the server answers passes here.
 */
export function rowForReader(entity: Entity, row: Row, permissions: ReadonlySet<string>): Row {
  let seen: Row | null = null;
  for (const [name, field] of Object.entries(entity.fields)) {
    if (fieldReadable(entity, field, permissions)) continue;
    seen ??= { ...row };
    if (field.readableBy === SERVER_ONLY) delete seen[name];
    else seen[name] = null;
  }
  return seen ?? row;
}

/** Whether a caller holding `permissions` may see (and so search, filter or sort by) the field. */
export function fieldReadable(entity: Entity, field: Field, permissions: ReadonlySet<string>): boolean {
  return field.readableBy === undefined || (field.readableBy !== SERVER_ONLY && permissions.has(permission(entity, field.readableBy)));
}

/** The permissions every member holds of a personal entity (its reading and updating), whatever their role. */
export function personalPermissions(entities: readonly Entity[]): string[] {
  return entities.filter((e) => e.personal !== undefined).flatMap((e) => entityActions(e).map((a) => permission(e, a)));
}

/** Whether the row of a personal entity is the account's own (always true of other entities). */
export function ownRow(entity: Pick<Entity, 'personal'>, row: Record<string, unknown>, userId: string | undefined): boolean {
  if (entity.personal === undefined) return true;
  const owner = row[entity.personal];
  return typeof owner === 'string' && userId !== undefined && owner.toLowerCase() === userId.toLowerCase();
}

/**
 * Whether a caller holding `permissions` sees every row of the entity: it has no scope, or they
 * hold its `readAll` grant (the owner holds every grant).
 */
export function seesAllRows(entity: Pick<Entity, 'module' | 'name' | 'scope'>, permissions: ReadonlySet<string>): boolean {
  return !entity.scope || permissions.has(permission(entity, READ_ALL_GRANT));
}

/** The fields naming the Members a row of a scoped entity belongs to: its scope field, then `also`. */
export function scopeFields(entity: Pick<Entity, 'scope'>): readonly string[] {
  return entity.scope ? [entity.scope.field, ...(entity.scope.also ?? [])] : [];
}

/** The Members a row belongs to (lower case): the values of its scope fields. */
export function rowMembers(entity: Pick<Entity, 'scope'>, row: Record<string, unknown>): string[] {
  return scopeFields(entity).flatMap((name) => (typeof row[name] === 'string' ? [(row[name] as string).toLowerCase()] : []));
}

/**
 * Whether the row is within the caller's scope: they see all rows, or one of its scope fields is
 * their Member id, or it waits in the queue (its queue field empty) and they hold the queue's permission.
 */
export function rowInScope(
  entity: Pick<Entity, 'module' | 'name' | 'scope'>,
  row: Record<string, unknown>,
  permissions: ReadonlySet<string>,
  memberId: string | null,
): boolean {
  if (seesAllRows(entity, permissions)) return true;
  const queue = entity.scope!.queue;
  if (queue && (row[queue.field] === null || row[queue.field] === undefined) && permissions.has(queue.permission)) return true;
  return memberId !== null && rowMembers(entity, row).includes(memberId.toLowerCase());
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
    if (name === 'lines' && entity.document) continue;
    if (!field || field.readOnly) {
      fields[name] = 'type';
      code ||= 9401;
    }
  }
  if (entity.document && (mode === 'create' || 'lines' in input)) {
    const lines = validateLines(entity.document, input.lines);
    if ('failure' in lines) {
      Object.assign(fields, lines.failure.fields);
      code ||= lines.failure.code;
    } else out.lines = lines.lines;
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
 * A document's lines, each checked against the line fields (every field, as on create): a list
 * of at most `maxLines`, each with its own UUID, none twice. A problem in line 3's `quantity` is
 * reported as the field `lines.2.quantity`.
 */
export function validateLines(spec: DocumentSpec, raw: unknown): { lines: Line[] } | { failure: ValidationFailure } {
  if (raw === undefined || raw === null) return { lines: [] };
  if (!Array.isArray(raw) || raw.length > Math.min(spec.maxLines ?? LINES_MAX, LINES_MAX)) {
    return { failure: { code: 9401, fields: { lines: Array.isArray(raw) ? 'range' : 'type' } } };
  }
  const lines: Line[] = [];
  const fields: Record<string, FieldProblem['reason']> = {};
  const seen = new Set<string>();
  let code = 0;
  raw.forEach((line: unknown, i) => {
    if (typeof line !== 'object' || line === null || Array.isArray(line)) {
      fields[`lines.${i}`] = 'type';
      code ||= 9401;
      return;
    }
    const given = line as Record<string, unknown>;
    const id = typeof given.id === 'string' ? given.id.toLowerCase() : '';
    if (!isUuid(id) || seen.has(id)) {
      fields[`lines.${i}.id`] = 'format';
      code ||= 9401;
    }
    seen.add(id);
    const out: Line = { id };
    for (const name of Object.keys(given)) {
      if (name !== 'id' && !Object.hasOwn(spec.lines, name)) {
        fields[`lines.${i}.${name}`] = 'type';
        code ||= 9401;
      }
    }
    for (const [name, field] of Object.entries(spec.lines)) {
      const result = normalizeField(field, given[name]);
      if ('problem' in result) {
        fields[`lines.${i}.${name}`] = result.problem.reason;
        code ||= result.problem.code;
      } else out[name] = result.value;
    }
    lines.push(out);
  });
  return code ? { failure: { code, fields } } : { lines };
}

/**
 * REST for every entity, under `/api/<Module>/<Entity>` (scoped to X-Panel-Code, checked against
 * the caller's role): GET list (search, sort, order, page, pageSize, `filter.<field>=<value>`,
 * and for numbers, dates and times `filter.<field>.from` / `filter.<field>.to`, inclusive), GET
 * `/:id`, POST (`{ id?, ...values }`), PUT `/:id` (`{ version, ...changed values }`), DELETE
 * `/:id?version=<n>`; a document also POST `/:id/submit` and `/:id/cancel` (`{ version }`), and
 * carries `lines` with its values. Writes go through the same rules as sync pushes.
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
 * (`unique`: another live row has the value, or a line id another document has; `reference`: the
 * referenced row is not in this panel or is deleted, or would make a cycle; `permission`: only a
 * holder of the field's grant may set it, see `guard` in fields.ts).
 */
export type WriteFieldReason = FieldProblem['reason'] | 'unique' | 'reference' | 'permission';
