/**
 * A structural check of an OpenAPI 3.1 document, written for our server test (no validator package,
 * so nothing is fetched at run time): the document's fixed fields, every path and operation, their
 * parameters and responses, security that names a declared scheme, schemas in the JSON Schema
 * 2020-12 dialect (no OpenAPI 3.0 `nullable`, no tuple `items`, known types) and every `$ref`
 * resolving inside the document. Answers the problems found, as readable lines.
 */
const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
const PATH_ITEM_FIELDS = new Set([...METHODS, 'summary', 'description', 'servers', 'parameters', '$ref']);
const PARAMETER_PLACES = new Set(['query', 'header', 'path', 'cookie']);
const TYPES = new Set(['null', 'boolean', 'object', 'array', 'number', 'string', 'integer']);
const SCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'dependentSchemas'];
const SCHEMA_ONES = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedProperties'];
export const DIALECT_2020_12 = 'https://json-schema.org/draft/2020-12/schema';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Resolves a local JSON pointer (`#/components/schemas/X`) in the document. */
export function resolvePointer(document: Json, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let at: unknown = document;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObject(at) || !Object.hasOwn(at, key)) return undefined;
    at = at[key];
  }
  return at;
}

function checkSchema(schema: unknown, where: string, problems: string[]): void {
  if (typeof schema === 'boolean') return;
  if (!isObject(schema)) return void problems.push(`${where}: a schema must be an object or a boolean`);
  if ('nullable' in schema) problems.push(`${where}: 'nullable' is OpenAPI 3.0; 3.1 says type [..., "null"]`);
  if ('definitions' in schema) problems.push(`${where}: 'definitions' is not 2020-12 (use $defs)`);
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!types.length || !types.every((t) => typeof t === 'string' && TYPES.has(t)))
      problems.push(`${where}: unknown type ${JSON.stringify(schema.type)}`);
  }
  if (schema.required !== undefined && !(Array.isArray(schema.required) && schema.required.every((r) => typeof r === 'string')))
    problems.push(`${where}: required must list names`);
  if (schema.enum !== undefined && !Array.isArray(schema.enum)) problems.push(`${where}: enum must be a list`);
  if (Array.isArray(schema.items)) problems.push(`${where}: tuple 'items' is not 2020-12 (use prefixItems)`);
  if (schema.$ref !== undefined && typeof schema.$ref !== 'string') problems.push(`${where}: $ref must be text`);
  for (const key of SCHEMA_LISTS) {
    if (schema[key] === undefined) continue;
    if (!Array.isArray(schema[key]) || !schema[key].length) problems.push(`${where}.${key}: must be a non-empty list`);
    else (schema[key] as unknown[]).forEach((s, i) => checkSchema(s, `${where}.${key}[${i}]`, problems));
  }
  for (const key of SCHEMA_MAPS) {
    if (schema[key] === undefined) continue;
    if (!isObject(schema[key])) problems.push(`${where}.${key}: must be an object`);
    else for (const [name, s] of Object.entries(schema[key])) checkSchema(s, `${where}.${key}.${name}`, problems);
  }
  for (const key of SCHEMA_ONES) if (schema[key] !== undefined) checkSchema(schema[key], `${where}.${key}`, problems);
}

function checkContent(content: unknown, where: string, problems: string[]): void {
  if (!isObject(content)) return void problems.push(`${where}: content must be an object`);
  for (const [type, media] of Object.entries(content)) {
    if (!isObject(media) || media.schema === undefined) problems.push(`${where}.${type}: no schema`);
    else checkSchema(media.schema, `${where}.${type}.schema`, problems);
  }
}

function checkOperation(document: Json, path: string, method: string, op: unknown, operationIds: Set<string>, problems: string[]): void {
  const where = `${method.toUpperCase()} ${path}`;
  if (!isObject(op)) return void problems.push(`${where}: not an object`);
  if (typeof op.operationId === 'string') {
    if (operationIds.has(op.operationId)) problems.push(`${where}: operationId ${op.operationId} used twice`);
    operationIds.add(op.operationId);
  }
  const templated = new Set([...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]));
  const inPath = new Set<string>();
  for (const [i, p] of ((op.parameters ?? []) as unknown[]).entries()) {
    if (!isObject(p) || typeof p.name !== 'string' || !PARAMETER_PLACES.has(p.in as string)) {
      problems.push(`${where}: parameter ${i} needs a name and a place`);
      continue;
    }
    if (p.in === 'path') {
      inPath.add(p.name);
      if (p.required !== true) problems.push(`${where}: path parameter ${p.name} must be required`);
    }
    if (p.schema === undefined && p.content === undefined) problems.push(`${where}: parameter ${p.name} has no schema`);
    else if (p.schema !== undefined) checkSchema(p.schema, `${where} parameter ${p.name}`, problems);
  }
  for (const name of templated) if (!inPath.has(name!)) problems.push(`${where}: {${name}} has no path parameter`);
  for (const name of inPath) if (!templated.has(name)) problems.push(`${where}: path parameter ${name} is not in the path`);
  if (op.requestBody !== undefined) {
    if (!isObject(op.requestBody)) problems.push(`${where}: requestBody must be an object`);
    else checkContent(op.requestBody.content, `${where} requestBody`, problems);
  }
  if (!isObject(op.responses) || !Object.keys(op.responses).length) return void problems.push(`${where}: no responses`);
  for (const [status, response] of Object.entries(op.responses)) {
    if (!/^([1-5](\d\d|XX)|default)$/.test(status)) problems.push(`${where}: response key ${status}`);
    if (!isObject(response) || typeof response.description !== 'string')
      problems.push(`${where} ${status}: a response needs a description`);
    else if (response.content !== undefined) checkContent(response.content, `${where} ${status}`, problems);
  }
  const schemes = (
    isObject(document.components) && isObject(document.components.securitySchemes) ? document.components.securitySchemes : {}
  ) as Json;
  for (const requirement of (op.security ?? []) as unknown[]) {
    if (!isObject(requirement)) problems.push(`${where}: a security requirement must be an object`);
    else
      for (const name of Object.keys(requirement))
        if (!Object.hasOwn(schemes, name)) problems.push(`${where}: security scheme ${name} is not declared`);
  }
}

function refsIn(value: unknown, at: string, out: { ref: string; at: string }[]): void {
  if (Array.isArray(value)) value.forEach((v, i) => refsIn(v, `${at}/${i}`, out));
  else if (isObject(value)) {
    for (const [key, v] of Object.entries(value)) {
      if (key === '$ref' && typeof v === 'string') out.push({ ref: v, at });
      else refsIn(v, `${at}/${key}`, out);
    }
  }
}

export function openApi31Problems(document: unknown): string[] {
  const problems: string[] = [];
  if (!isObject(document)) return ['the document is not an object'];
  if (typeof document.openapi !== 'string' || !/^3\.1\.\d+$/.test(document.openapi))
    problems.push(`openapi must be 3.1.x, is ${String(document.openapi)}`);
  if (!isObject(document.info) || typeof document.info.title !== 'string' || typeof document.info.version !== 'string')
    problems.push('info needs title and version');
  if (document.jsonSchemaDialect !== undefined && document.jsonSchemaDialect !== DIALECT_2020_12)
    problems.push(`jsonSchemaDialect is ${String(document.jsonSchemaDialect)}`);
  if (!isObject(document.paths)) problems.push('paths must be an object');
  const operationIds = new Set<string>();
  for (const [path, item] of Object.entries(isObject(document.paths) ? document.paths : {})) {
    if (!path.startsWith('/')) problems.push(`path ${path} must start with /`);
    if (!isObject(item)) {
      problems.push(`${path}: not an object`);
      continue;
    }
    for (const [key, op] of Object.entries(item)) {
      if (!PATH_ITEM_FIELDS.has(key)) problems.push(`${path}: unknown field ${key}`);
      else if (METHODS.has(key)) checkOperation(document, path, key, op, operationIds, problems);
    }
  }
  const components = isObject(document.components) ? document.components : {};
  for (const [name, schema] of Object.entries(isObject(components.schemas) ? components.schemas : {}))
    checkSchema(schema, `components.schemas.${name}`, problems);
  for (const [name, scheme] of Object.entries(isObject(components.securitySchemes) ? components.securitySchemes : {})) {
    if (!isObject(scheme) || !['apiKey', 'http', 'mutualTLS', 'oauth2', 'openIdConnect'].includes(scheme.type as string))
      problems.push(`security scheme ${name}: bad type`);
    else if (scheme.type === 'http' && typeof scheme.scheme !== 'string') problems.push(`security scheme ${name}: http needs scheme`);
  }
  const refs: { ref: string; at: string }[] = [];
  refsIn(document, '#', refs);
  for (const { ref, at } of refs) if (resolvePointer(document, ref) === undefined) problems.push(`${at}: $ref ${ref} does not resolve`);
  return problems;
}
