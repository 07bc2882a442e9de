/**
 * The JSON Schemas the routes declare (`schema.body`, `schema.response`, …) are written with these
 * few helpers. The same object serves two readers: Fastify compiles a route's response schema into
 * its serialiser (fast-json-stringify), and the OpenAPI document (openApiDocument.ts) prints it. A
 * schema named with `component` is printed once under `components/schemas` and referred to by
 * `$ref` everywhere else; the serialiser only ever sees plain inline schemas (no `$ref` to resolve).
 *
 * Serialiser rules every schema here keeps: a value that may be null says so in its `type` (else
 * fast-json-stringify writes "" or 0 for it), and an object whose keys are not all known keeps
 * `additionalProperties: true` (else the unknown ones are dropped from the answer).
 */
export type JsonSchema = { [keyword: string]: unknown };

/** How a schema is printed in the document, when not as itself. */
const printedAs = new WeakMap<JsonSchema, JsonSchema>();
/** Named schemas, in the order they were made. */
const named = new Map<string, JsonSchema>();

/**
 * A schema printed once under `components/schemas/<name>` and referred to by `$ref`. `remade`: the
 * schema replaces the one of that name made before (schemas that list the registered entities are
 * made again when the registry changes); otherwise a second schema of a name is a mistake.
 */
export function component<S extends JsonSchema>(name: string, schema: S, remade = false): S {
  const known = named.get(name);
  if (known && known !== schema && !remade) throw new Error(`two schemas are named ${name}`);
  named.set(name, schema);
  printedAs.set(schema, { $ref: `#/components/schemas/${encodeURIComponent(name)}` });
  return schema;
}

export function componentSchemas(): ReadonlyMap<string, JsonSchema> {
  return named;
}

export function printedForm(schema: JsonSchema): JsonSchema | undefined {
  return printedAs.get(schema);
}

/** The object schema or null: one schema for the serialiser, `anyOf` [the named one, null] in the document. */
export function orNull(schema: JsonSchema): JsonSchema {
  const type = schema.type;
  const nullable = { ...schema, type: [...(Array.isArray(type) ? type : [type]), 'null'] };
  printedAs.set(nullable, { anyOf: [schema, { type: 'null' }] });
  return nullable;
}

/**
 * An open answer (many entities' rows in one list) that the serialiser takes as a plain open
 * object and the document describes exactly (`anyOf` the entities' row schemas).
 */
export function documentedAs(schema: JsonSchema, printed: JsonSchema): JsonSchema {
  printedAs.set(schema, printed);
  return schema;
}

export const text = (extra: JsonSchema = {}): JsonSchema => ({ type: 'string', ...extra });
export const integer = (extra: JsonSchema = {}): JsonSchema => ({ type: 'integer', ...extra });
export const boolean: JsonSchema = { type: 'boolean' };
export const nothing: JsonSchema = { type: 'null' };
/** Whatever JSON value the answer holds (written as it is). */
export const anyValue: JsonSchema = {};

export function object(
  properties: Record<string, JsonSchema>,
  options: { required?: readonly string[]; open?: boolean; description?: string } = {},
): JsonSchema {
  return {
    type: 'object',
    ...(options.description ? { description: options.description } : {}),
    properties,
    ...(options.required?.length ? { required: [...options.required] } : {}),
    additionalProperties: options.open ?? false,
  };
}

export const arrayOf = (items: JsonSchema, extra: JsonSchema = {}): JsonSchema => ({ type: 'array', items, ...extra });

export const errorData = component(
  'ErrorData',
  object(
    { code: integer({ description: 'A code of the catalogue (spec section 8).' }), message: text() },
    { required: ['code', 'message'] },
  ),
);

/** The spec's generic response (section 3) carrying `data` of this schema on success. */
export function envelope(data: JsonSchema): JsonSchema {
  return object(
    {
      isSuccess: { type: 'boolean', description: 'true' },
      data,
      errorData: nothing,
      message: text({ description: "The success code's message, in the request's language." }),
    },
    { required: ['isSuccess', 'data', 'errorData', 'message'] },
  );
}

/**
 * Every failure: `isSuccess` false, the catalogue code in `errorData`, and `data` null or, for
 * some (field problems of a write, the current row of a stale one), an object that says more.
 */
export const failureEnvelope = component(
  'Failure',
  object(
    {
      isSuccess: { type: 'boolean', description: 'false' },
      data: { type: ['object', 'null'], additionalProperties: true },
      errorData,
      message: text(),
    },
    { required: ['isSuccess', 'data', 'errorData', 'message'] },
  ),
);

/** The OpenAPI summary and tag of a route, beside its schemas (Fastify ignores these keywords). */
export interface RouteDoc {
  summary: string;
  description?: string;
  tags?: string[];
  /** Who may call it, when that is not said by the route's guards (see openApiDocument.ts). */
  security?: Record<string, string[]>[];
}

declare module 'fastify' {
  /** A route's schema may carry its OpenAPI words (RouteDoc): a route with no body or answer schema still says what it does. */
  interface FastifySchema {
    summary?: string;
    description?: string;
    tags?: string[];
  }
}
