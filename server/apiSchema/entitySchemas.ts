/**
 * Each declared entity's wire shapes, derived from its declaration as the rest of the platform is:
 * the row as it is answered (REST and push), the values a create or an update sends, and the list
 * query. A new module's entities get theirs with no code of their own.
 */
import { fieldOf, isDocument, LIST_PAGE_SIZE_MAX, type Entity } from '../../src/contract/entity.ts';
import { LONG_TEXT_MAX, SERVER_ONLY, TEXT_MAX, type Field } from '../../src/contract/fields.ts';
import { rangeKinds } from '../../src/contract/list.ts';
import { arrayOf, component, integer, object, text, type JsonSchema } from './schemaKit.ts';

const uuid = text({ format: 'uuid' });
const quantity = text({ pattern: '^-?[0-9]+\\.[0-9]{3}$', description: 'An exact quantity with three decimals, as text.' });

function options(field: { options?: readonly { value: string }[] }): JsonSchema {
  return field.options ? { enum: field.options.map((o) => o.value) } : {};
}

/** The value of a field as the server keeps and answers it (never null here; see `answered`). */
function valueSchema(field: Field): JsonSchema {
  const described = { description: field.label.message };
  switch (field.kind) {
    case 'text':
    case 'longText':
      return text({ maxLength: field.max ?? (field.kind === 'text' ? TEXT_MAX : LONG_TEXT_MAX), ...described });
    case 'money':
      // Exact rials (money.ts): a number while it is a safe integer, its decimal text beyond.
      return {
        type: ['integer', 'string'],
        pattern: '^-?[0-9]+$',
        ...(field.min !== undefined ? { minimum: field.min } : {}),
        ...(field.max !== undefined ? { maximum: field.max } : {}),
        ...described,
      };
    case 'integer':
      return integer({
        ...(field.min !== undefined ? { minimum: field.min } : {}),
        ...(field.max !== undefined ? { maximum: field.max } : {}),
        ...described,
      });
    case 'decimal':
      return { ...quantity, ...described };
    case 'date':
      return text({ format: 'date', ...described });
    case 'dateTime':
      return text({ format: 'date-time', ...described });
    case 'boolean':
      return { type: 'boolean', ...described };
    case 'select':
      return text({ ...options(field), ...described });
    case 'reference':
      return text({ format: 'uuid', description: `${field.label.message} (a row of ${field.to})` });
    case 'email':
      return text({ format: 'email', ...described });
    case 'mobile':
    case 'nationalId':
    case 'postalCode':
      return text(described);
    case 'stringList':
      return arrayOf(text({ maxLength: TEXT_MAX, ...options(field) }), described);
  }
}

/**
 * Any answered value may be null: an empty field, or one behind a grant the caller lacks
 * (`readableBy`). The serialiser must be told, or it writes null as "" or 0.
 */
function answered(field: Field): JsonSchema {
  const schema = valueSchema(field);
  const nullable: JsonSchema = {
    ...schema,
    type: [...(Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string]), 'null'],
  };
  if (Array.isArray(schema.enum)) nullable.enum = [...(schema.enum as unknown[]), null];
  return nullable;
}

function answeredFields(fields: Record<string, Field>): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const [name, field] of Object.entries(fields)) if (field.readableBy !== SERVER_ONLY) out[name] = answered(field);
  return out;
}

const rowMeta: Record<string, JsonSchema> = {
  id: uuid,
  version: integer({ minimum: 1, description: 'Starts at 1 and grows by one with every write; sent back to update or delete.' }),
  updatedAt: text({ format: 'date-time' }),
  deleted: { type: 'boolean', description: 'true: a tombstone (sync answers).' },
};

const documentMeta = (entity: Entity & { document: NonNullable<Entity['document']> }): Record<string, JsonSchema> => ({
  status: text({ enum: ['draft', 'submitted', 'cancelled'] }),
  number: text({ type: ['string', 'null'], description: 'Given by the series at submit; null while a draft.' }),
  submittedAt: text({ type: ['string', 'null'], format: 'date-time' }),
  amendedFrom: text({ type: ['string', 'null'], format: 'uuid', description: 'The cancelled document this draft amends.' }),
  lines: arrayOf(object({ id: uuid, ...answeredFields(entity.document.lines) }, { required: ['id'], open: true })),
});

const schemaName = (entity: Entity, part: string) => `${entity.module}.${entity.name}${part}`;
const made = new Map<string, JsonSchema>();

/** Each entity's named schema is made once, however many apps (tests) register its routes. */
function named(entity: Entity, part: string, make: () => JsonSchema): JsonSchema {
  const name = schemaName(entity, part);
  let schema = made.get(name);
  if (!schema) made.set(name, (schema = component(name, make())));
  return schema;
}

/**
 * A row as REST and push answer it: its meta, a document's lifecycle and lines, and every field
 * that may leave the server. Open (`additionalProperties`), so nothing a row carries is ever cut.
 */
export function rowSchema(entity: Entity): JsonSchema {
  return named(entity, '', () =>
    object(
      { ...rowMeta, ...(isDocument(entity) ? documentMeta(entity) : {}), ...answeredFields(entity.fields) },
      { required: Object.keys(rowMeta), open: true, description: entity.label.message },
    ),
  );
}

/** Writable fields, as a client sends them (the server normalises digits, spaces and case). */
function inputFields(fields: Record<string, Field>): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const [name, field] of Object.entries(fields)) if (!field.readOnly) out[name] = answered(field);
  return out;
}

function linesInput(entity: Entity): Record<string, JsonSchema> {
  if (!isDocument(entity)) return {};
  const line = object({ id: uuid, ...inputFields(entity.document.lines) }, { required: ['id', ...requiredOf(entity.document.lines)] });
  return { lines: arrayOf(line, { maxItems: entity.document.maxLines ?? 500 }) };
}

function requiredOf(fields: Record<string, Field>): string[] {
  return Object.entries(fields)
    .filter(([, f]) => f.required && !f.readOnly)
    .map(([name]) => name);
}

/** POST body: every writable field, and the row's id when the client made one. */
export function createBody(entity: Entity): JsonSchema {
  return named(entity, '.Create', () =>
    object({ id: uuid, ...linesInput(entity), ...inputFields(entity.fields) }, { required: requiredOf(entity.fields) }),
  );
}

/** PUT body: the version the client last saw and the changed fields. */
export function updateBody(entity: Entity): JsonSchema {
  return named(entity, '.Update', () =>
    object({ version: integer({ minimum: 1 }), ...linesInput(entity), ...inputFields(entity.fields) }, { required: ['version'] }),
  );
}

export const versionBody = object({ version: integer({ minimum: 1 }) }, { required: ['version'] });
export const versionQuery = object({ version: integer({ minimum: 1 }) }, { required: ['version'] });
export const idParams = object({ id: uuid }, { required: ['id'] });

/** GET list query: paging, search, sort and a filter (and range, for numbers and times) per readable field. */
export function listQuery(entity: Entity): JsonSchema {
  const sortable = ['updatedAt', ...Object.keys(entity.fields).filter((name) => fieldOf(entity, name)!.kind !== 'stringList')];
  const properties: Record<string, JsonSchema> = {
    search: text({ maxLength: 200, description: 'Every word must appear in the search fields.' }),
    sort: text({ enum: sortable }),
    order: text({ enum: ['asc', 'desc'] }),
    page: integer({ minimum: 1, default: 1 }),
    pageSize: integer({ minimum: 1, maximum: LIST_PAGE_SIZE_MAX, default: 25 }),
  };
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.readableBy === SERVER_ONLY) continue;
    properties[`filter.${name}`] = text({
      description: `Equals (empty: is empty)${field.kind === 'stringList' ? '; contains, for a list' : ''}.`,
    });
    if (rangeKinds.has(field.kind)) {
      properties[`filter.${name}.from`] = text({ description: 'Inclusive lower bound.' });
      properties[`filter.${name}.to`] = text({ description: 'Inclusive upper bound.' });
    }
  }
  return object(properties);
}

export function listSchema(entity: Entity): JsonSchema {
  return object(
    { items: arrayOf(rowSchema(entity)), total: integer({ minimum: 0 }), page: integer(), pageSize: integer() },
    { required: ['items', 'total', 'page', 'pageSize'] },
  );
}
