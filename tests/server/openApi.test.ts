import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiDescription, endpoints } from '../../src/contract/endpoints.ts';
import { entityPath, isDocument } from '../../src/contract/entity.ts';
import { entities } from '../../src/contract/modules.ts';
import { panelEndpoints } from '../../src/contract/panels.ts';
import { syncEndpoints } from '../../src/contract/sync.ts';
import { openApi31Problems } from './openApiShape.ts';
import { startTestServer, type TestServer } from './harness.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a parsed document, read by tests

let server: TestServer;
let document: Json;

beforeAll(async () => {
  server = await startTestServer();
  const answer = await server.app.inject({ method: 'GET', url: apiDescription.path });
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  document = answer.json();
});
afterAll(() => server.close());

const operation = (method: string, path: string): Json | undefined =>
  document.paths[path.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];

/** Every route under /api, read from Fastify's own route tree (its paths are lower-cased). */
function registeredApiRoutes(): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of server.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.+) \(([A-Z, ]+)\)$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + match[2];
    stack[depth] = path;
    if (!path.startsWith('/api/')) continue;
    for (const method of match[3]!.split(', ')) if (method !== 'HEAD') routes.push(`${method} ${path.toLowerCase()}`);
  }
  return routes.sort();
}

describe('the API description', () => {
  it('is served without a session', async () => {
    const answer = await server.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().openapi).toBe('3.1.0');
  });

  it('is a valid OpenAPI 3.1 document in the 2020-12 dialect whose every $ref resolves', () => {
    expect(openApi31Problems(document)).toEqual([]);
    expect(document.jsonSchemaDialect).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(JSON.stringify(document).match(/"\$ref"/g)!.length).toBeGreaterThan(100);
  });

  it('describes every API route the server registered, and no other', () => {
    const documented = Object.entries(document.paths as Json)
      .flatMap(([path, item]) =>
        Object.keys(item as Json).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1').toLowerCase()}`),
      )
      .sort();
    expect(registeredApiRoutes().length).toBeGreaterThan(100);
    expect(documented).toEqual(registeredApiRoutes());
  });

  it('has every account and profile call of the spec as the wire spells it', () => {
    for (const [name, endpoint] of Object.entries(endpoints)) {
      const op = operation(endpoint.method, endpoint.path);
      expect(op, name).toBeDefined();
      expect(op!.summary, name).toBeTruthy();
    }
    expect(operation('POST', endpoints.login.path)!.requestBody.content['application/json'].schema.required).toEqual([
      'username',
      'password',
      'serviceName',
    ]);
    expect(operation('POST', endpoints.loginByMobile.path)!.requestBody.content['application/json'].schema.properties).toHaveProperty(
      'UserName',
    );
  });

  it('has the panel calls and sync, in the panel of X-Panel-Code', () => {
    for (const endpoint of [...Object.values(panelEndpoints), ...Object.values(syncEndpoints)])
      expect(operation(endpoint.method, endpoint.path), endpoint.path).toBeDefined();
    const pull = operation('GET', syncEndpoints.pull.path)!;
    expect(pull.parameters).toContainEqual(expect.objectContaining({ name: 'X-Panel-Code', in: 'header', required: true }));
    expect(pull.parameters).toContainEqual(expect.objectContaining({ name: 'cursor', in: 'query' }));
    // The pull's rows are of many entities: described as any one of them.
    const change = document.components.schemas.PullResponse.properties.changes.items;
    expect(change.properties.row.anyOf).toHaveLength(entities().length);
  });

  it("has every entity's REST, with its row schema derived from the declaration", () => {
    for (const entity of entities()) {
      const path = entityPath(entity);
      const methods: [string, string][] = [
        ['GET', path],
        ['POST', path],
        ['GET', `${path}/:id`],
        ['PUT', `${path}/:id`],
        ['DELETE', `${path}/:id`],
      ];
      if (isDocument(entity)) methods.push(['POST', `${path}/:id/submit`], ['POST', `${path}/:id/cancel`]);
      for (const [method, url] of methods) expect(operation(method, url), `${method} ${url}`).toBeDefined();
      const row = document.components.schemas[`${entity.module}.${entity.name}`];
      expect(row.required).toEqual(['id', 'version', 'updatedAt', 'deleted']);
      for (const [name, field] of Object.entries(entity.fields)) {
        if (field.readableBy === 'server') expect(row.properties, name).not.toHaveProperty(name);
        else expect(row.properties[name], `${entity.key}.${name}`).toBeDefined();
        if (field.kind === 'select') expect(row.properties[name].enum).toEqual([...field.options.map((o) => o.value), null]);
      }
      expect(operation('GET', `${path}/:id`)!.responses['200'].content['application/json'].schema.properties.data.$ref).toBe(
        `#/components/schemas/${entity.module}.${entity.name}`,
      );
    }
  });

  it('says which calls take a bearer token', () => {
    const scheme = document.components.securitySchemes.bearer;
    expect(scheme).toEqual({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    expect(operation('POST', endpoints.login.path)!.security).toEqual([]);
    expect(operation('GET', endpoints.getCurrentUser.path)!.security).toEqual([{ bearer: [] }]);
    expect(operation('PUT', endpoints.resetPassword.path)!.security).toEqual([{ bearer: [] }]);
    expect(operation('GET', panelEndpoints.list.path)!.security).toEqual([{ bearer: [] }]);
    expect(operation('GET', apiDescription.path)!.security).toEqual([]);
  });

  it('finds what is wrong with a broken document (the check can fail)', () => {
    const broken = structuredClone(document);
    broken.openapi = '3.0.3';
    broken.paths['/api/Sync/Pull'].get.responses['200'].content['application/json'].schema = { $ref: '#/components/schemas/Nowhere' };
    broken.components.schemas.CurrentUser.properties.email = { type: 'string', nullable: true };
    broken.paths['/api/x/{id}'] = { get: { responses: { 200: { description: 'x' } } } };
    const problems = openApi31Problems(broken).join('\n');
    expect(problems).toContain('openapi must be 3.1.x');
    expect(problems).toContain('$ref #/components/schemas/Nowhere does not resolve');
    expect(problems).toContain("'nullable' is OpenAPI 3.0");
    expect(problems).toContain('{id} has no path parameter');
  });
});
