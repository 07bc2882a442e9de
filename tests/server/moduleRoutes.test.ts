/**
 * A module's own routes live under /api/<Key>/ in scopes whose guards the platform applies
 * (decision 034): a route that checks nothing itself still answers only a member of the panel it
 * names, with the module on there; a device route only a device credential of such a panel; the
 * API description shows the guards; and a path outside the module's prefix is refused at start.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../src/contract/codes.ts';
import { apiDescription } from '../../src/contract/endpoints.ts';
import { signDeviceCredential } from '../../server/auth/deviceCredentials.ts';
import { ok } from '../../server/envelope.ts';
import { pathInScope } from '../../server/modules/moduleRoutes.ts';
import { registerServerModules, serverModules, type ServerModule } from '../../server/modules/serverModule.ts';
import { startTestServer, TEST_JWT_SECRET, type TestServer } from './harness.ts';
import { callerIn, openPanel, type PanelCaller } from './panelsFixture.ts';

const KEY = 'ScopeProbe';
const echo = { method: 'GET', path: `/api/${KEY}/Echo` };
const forDevice = { method: 'GET', path: `/api/${KEY}/Device` };
const either = { method: 'GET', path: `/api/${KEY}/Either` };
const before = serverModules();

/** A module whose routes check nothing themselves. */
const probe: ServerModule = {
  module: { key: KEY, order: 99, entities: [], routes: {} },
  routes: {
    panel: (scope) =>
      scope.get(pathInScope(scope, echo.path), async (request) => ok(request, { panel: request.panel.code, user: request.session.userId })),
    device: (scope) => scope.get(pathInScope(scope, forDevice.path), async (request) => ok(request, { device: request.device.deviceId })),
    sessionOrDevice: (scope) => scope.get(pathInScope(scope, either.path), async (request) => ok(request, { ok: true })),
  },
};

let server: TestServer;
let panel: PanelCaller;
let panelId = '';

async function enable(on: boolean): Promise<void> {
  await server.db.query(`UPDATE panels SET modules = ${on ? `modules || '["${KEY}"]'::jsonb` : `modules - '${KEY}'`} WHERE code = $1`, [
    panel.code,
  ]);
}

const device = (forPanel: string) =>
  `Device ${signDeviceCredential(TEST_JWT_SECRET, { panelId: forPanel, deviceId: randomUUID(), issuedAt: 1 })}`;

beforeAll(async () => {
  registerServerModules([...before, probe]);
  server = await startTestServer();
  panel = await openPanel(server, await server.createAccount(), 'دامنه‌ها');
  panelId = (await server.db.query<{ id: string }>('SELECT id FROM panels WHERE code = $1', [panel.code]))[0]!.id;
  await enable(true);
});

afterAll(async () => {
  registerServerModules(before);
  await server.close();
});

describe('a module’s panel routes', () => {
  it('answer a member of the panel named, with the module on', async () => {
    const answer = await panel.call<{ panel: string; user: string }>(echo);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ panel: panel.code, user: panel.account.userId });
  });

  it('refuse no session, no panel, another’s panel and a panel without the module', async () => {
    expect((await server.call(echo)).status).toBe(401);
    expect((await server.call(echo, { token: panel.account.tokens.access_token })).body.errorData?.code).toBe(Code.BadRequest);
    const stranger = await server.createAccount();
    expect((await callerIn(server, stranger, panel.code).call(echo)).status).toBe(404);
    await enable(false);
    try {
      const off = await panel.call(echo);
      expect([off.status, off.body.errorData?.code]).toEqual([403, Code.InvalidOperation]);
    } finally {
      await enable(true);
    }
  });
});

describe('a module’s device routes', () => {
  it('answer a device credential of a panel with the module on, and nothing else', async () => {
    expect((await server.call<{ device: string }>(forDevice, { headers: { authorization: device(panelId) } })).status).toBe(200);
    expect((await server.call(forDevice)).status).toBe(401);
    expect((await panel.call(forDevice)).status).toBe(401);
    expect((await server.call(forDevice, { headers: { authorization: device(randomUUID()) } })).status).toBe(401);
    await enable(false);
    try {
      expect((await server.call(forDevice, { headers: { authorization: device(panelId) } })).status).toBe(403);
    } finally {
      await enable(true);
    }
  });

  it('of either kind take a session or a device credential', async () => {
    expect((await server.call(either)).status).toBe(401);
    expect((await server.call(either, { token: panel.account.tokens.access_token })).status).toBe(200);
    expect((await server.call(either, { headers: { authorization: device(panelId) } })).status).toBe(200);
  });
});

describe('the scopes', () => {
  it('show their guards in the API description', async () => {
    const document = (await server.app.inject({ method: 'GET', url: apiDescription.path })).json();
    const operation = document.paths[echo.path].get;
    expect(operation.security).toEqual([{ bearer: [] }]);
    expect(operation.parameters).toContainEqual(expect.objectContaining({ name: 'X-Panel-Code', in: 'header', required: true }));
    expect(document.paths[forDevice.path].get.security).toEqual([]);
  });

  it('refuse a path outside the module’s prefix', () => {
    const scope = { prefix: `/api/${KEY}` } as FastifyInstance;
    expect(pathInScope(scope, `/api/${KEY.toLowerCase()}/x`)).toBe('/x');
    expect(() => pathInScope(scope, '/api/Other/x')).toThrow();
    expect(() => pathInScope(scope, `/api/${KEY}x`)).toThrow();
  });
});
