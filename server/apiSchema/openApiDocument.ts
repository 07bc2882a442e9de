/**
 * The API description: an OpenAPI 3.1 document made from the routes themselves. An `onRoute` hook
 * collects every `/api` route as it is registered (the platform's, every entity's REST, sync and
 * the modules' own), and the document is written from each route's `schema` (the same schemas
 * that serialise its answers), its summary, and its guards: `requireSession` means a bearer
 * token, `requirePanel` an `X-Panel-Code` header. Served at GET /api/OpenApi.json, no session.
 */
import { readFileSync } from 'node:fs';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { apiDescription } from '../../src/contract/endpoints.ts';
import { requireSession } from '../auth/session.ts';
import { requirePanel } from '../panels/panelAccess.ts';
import { anyValue, componentSchemas, envelope, failureEnvelope, printedForm, type JsonSchema, type RouteDoc } from './schemaKit.ts';

interface RouteSchema extends RouteDoc {
  body?: JsonSchema;
  querystring?: JsonSchema;
  params?: JsonSchema;
  response?: Record<string, JsonSchema>;
}

interface ApiRoute {
  method: string;
  url: string;
  schema: RouteSchema;
  signedIn: boolean;
  inPanel: boolean;
}

const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';
const genericAnswer = envelope(anyValue);

/** Writes schemas as the document shows them, noting the components they refer to. */
class SchemaPrinter {
  readonly used = new Set<string>();
  private readonly names = new Map<JsonSchema, string>([...componentSchemas()].map(([name, schema]) => [schema, name]));

  print(schema: unknown, inside?: JsonSchema): unknown {
    if (Array.isArray(schema)) return schema.map((item) => this.print(item));
    if (typeof schema !== 'object' || schema === null) return schema;
    const own = schema as JsonSchema;
    const printed = own === inside ? undefined : printedForm(own);
    if (printed) {
      const name = this.names.get(own);
      if (name) {
        this.used.add(name);
        return printed;
      }
      return this.print(printed);
    }
    return Object.fromEntries(Object.entries(own).map(([key, value]) => [key, this.print(value)]));
  }

  /** The body of every component referred to, and of those they refer to in turn. */
  components(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (let added = true; added;) {
      added = false;
      for (const name of [...this.used].sort()) {
        if (name in out) continue;
        out[name] = this.print(componentSchemas().get(name), componentSchemas().get(name));
        added = true;
      }
    }
    return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
  }
}

function guards(options: RouteOptions): { signedIn: boolean; inPanel: boolean } {
  const list = [options.preHandler].flat();
  return { signedIn: list.includes(requireSession), inPanel: list.includes(requirePanel) };
}

/** Starts collecting the `/api` routes registered from now on; answers the list it fills. */
export function collectApiRoutes(app: FastifyInstance): ApiRoute[] {
  const routes: ApiRoute[] = [];
  app.addHook('onRoute', (options) => {
    if (!options.url.startsWith('/api/')) return;
    for (const method of [options.method].flat()) {
      if (method === 'HEAD') continue;
      // Guards are read when the document is made: a module's scope adds its own to the route after this hook (server/modules/moduleRoutes.ts).
      routes.push({
        method,
        url: options.url,
        schema: (options.schema ?? {}) as RouteSchema,
        get signedIn() {
          return guards(options).signedIn;
        },
        get inPanel() {
          return guards(options).inPanel;
        },
      });
    }
  });
  return routes;
}

/** `/api/X/:id/submit` → `/api/X/{id}/submit` */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function parameters(printer: SchemaPrinter, route: ApiRoute): unknown[] {
  const list: unknown[] = [];
  const add = (where: 'path' | 'query', schema: JsonSchema | undefined) => {
    const properties = (schema?.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((schema?.required ?? []) as string[]);
    for (const [name, property] of Object.entries(properties)) {
      list.push({ name, in: where, required: where === 'path' || required.has(name), schema: printer.print(property) });
    }
  };
  add('path', route.schema.params);
  add('query', route.schema.querystring);
  if (route.inPanel)
    list.push({
      name: 'X-Panel-Code',
      in: 'header',
      required: true,
      description: 'The panel the call works in.',
      schema: { type: 'string' },
    });
  return list;
}

function operation(printer: SchemaPrinter, route: ApiRoute, operationIds: Set<string>): unknown {
  const { schema } = route;
  const responses: Record<string, unknown> = {};
  for (const [status, answer] of Object.entries(schema.response ?? { 200: genericAnswer })) {
    responses[status] = {
      description: 'Success: the spec envelope with `data`.',
      content: { 'application/json': { schema: printer.print(answer) } },
    };
  }
  responses.default = {
    description: 'Failure: the spec envelope with a catalogue code.',
    content: { 'application/json': { schema: printer.print(failureEnvelope) } },
  };
  const params = parameters(printer, route);
  const security = schema.security ?? (route.signedIn ? [{ bearer: [] }] : []);
  const base = `${route.method.toLowerCase()}${route.url.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`;
  let operationId = base;
  for (let n = 2; operationIds.has(operationId); n++) operationId = `${base}${n}`;
  operationIds.add(operationId);
  const body = schema.body ? printer.print(schema.body) : undefined;
  return {
    operationId,
    summary: schema.summary ?? `${route.method} ${route.url}`,
    ...(schema.description ? { description: schema.description } : {}),
    tags: schema.tags ?? [route.url.split('/')[2]],
    ...(params.length ? { parameters: params } : {}),
    ...(body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: body }, 'application/x-www-form-urlencoded': { schema: body } },
          },
        }
      : {}),
    responses,
    security,
  };
}

export function openApiDocument(routes: readonly ApiRoute[], version: string): Record<string, unknown> {
  const printer = new SchemaPrinter();
  const paths: Record<string, Record<string, unknown>> = {};
  const operationIds = new Set<string>();
  const sorted = [...routes].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
  for (const route of sorted) {
    const path = (paths[openApiPath(route.url)] ??= {});
    path[route.method.toLowerCase()] = operation(printer, route, operationIds);
  }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: JSON_SCHEMA_DIALECT,
    info: {
      title: 'Pishkhan API',
      version,
      description:
        'Every answer is the spec envelope `{ isSuccess, data, errorData: { code, message }, message }`; codes are the catalogue of spec section 8.',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas: printer.components(),
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  };
}

/** The document is sent as text made once, so this schema only describes it (strings are never re-serialised). */
const describing = {
  summary: 'This API description (OpenAPI 3.1); not an envelope',
  tags: ['Docs'],
  response: { 200: { type: 'object', additionalProperties: true, description: 'An OpenAPI 3.1 document.' } },
};

/** Collects the routes registered after it and serves their description (made once, on first ask). */
export function serveOpenApi(app: FastifyInstance): void {
  const routes = collectApiRoutes(app);
  const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  let document: string | undefined;
  app.get(apiDescription.path, { schema: describing }, async (_request, reply) => {
    document ??= JSON.stringify(openApiDocument(routes, version));
    return reply.type('application/json; charset=utf-8').send(document);
  });
}
