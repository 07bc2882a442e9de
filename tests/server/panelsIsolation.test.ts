/**
 * Tenant isolation, property-based: someone of panel A (its owner, or a member with every
 * permission) tries every route and method, REST and sync, with ids of panel B's rows or random
 * ones, and with B's code (in any case, quoted, padded), unknown codes or garbage. Whatever they
 * do, no answer carries anything of B, answers about B are the same as answers about nothing, and
 * B's rows and change log stay exactly as they were.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { propertyRuns } from '../propertyRuns.ts';
import { Code } from '../../src/contract/codes.ts';
import { allPermissions } from '../../src/contract/modules.ts';
import { Activity, Member, Role } from '../../src/contract/entities/panelManagement.ts';
import type { Entity } from '../../src/contract/entity.ts';
import { panelEndpoints } from '../../src/contract/panels.ts';
import { syncEndpoints } from '../../src/contract/sync.ts';
import { startTestServer, type CallResult, type TestServer } from './harness.ts';
import { addMember, callerIn, createRow, openPanel, rest, type PanelCaller } from './panelsFixture.ts';
import { pullAll, syncClient } from './syncFixture.ts';

let server: TestServer;
let attackers: PanelCaller[];
let ownerB: PanelCaller;
let idsOfB: string[];
/** Strings only panel B holds: if one shows up in an answer to A, B has leaked. */
let secrets: string[];
let snapshotOfB: { rows: string; current: string; cursor: number };

beforeAll(async () => {
  server = await startTestServer();
  const a = await openPanel(server, await server.createAccount(), 'Panel A');
  attackers = [a, await addMember(server, a, await server.createAccount(), [...allPermissions()])];
  await createRow(a, Role, { name: 'A role' });

  const ownerOfB = await server.createAccount();
  ownerB = await openPanel(server, ownerOfB, `B-secret-panel-${randomUUID().slice(0, 6)}`);
  const roles = [];
  for (let i = 0; i < 3; i++)
    roles.push(
      await createRow(ownerB, Role, { name: `B-secret-role-${i}-${randomUUID().slice(0, 6)}`, description: 'B-secret-description' }),
    );
  const people = [await server.createAccount(), await server.createAccount()];
  for (const person of people) await createRow(ownerB, Member, { login: person.username, roleId: roles[0]!.id, title: 'B-secret-title' });

  const pulled = await pullAll(syncClient(ownerB));
  idsOfB = pulled.changes.map((c) => c.row.id);
  secrets = ['B-secret', ownerB.code, ownerOfB.username, ...people.map((p) => p.username), ...roles.map((r) => r.id), ...idsOfB];
  snapshotOfB = {
    rows: JSON.stringify(pulled.changes),
    current: JSON.stringify((await ownerB.call(panelEndpoints.current)).body.data),
    cursor: pulled.cursor,
  };
});
afterAll(async () => {
  await server.close();
});

const routes = [
  'list',
  'search',
  'filter',
  'get',
  'create',
  'update',
  'delete',
  'pushCreate',
  'pushUpdate',
  'pushDelete',
  'pull',
  'current',
  'details',
  'modules',
  'initialElements',
  'activitySummary',
  'panelList',
] as const;
type Route = (typeof routes)[number];

/** Ids that rows of A were created with during the run (a client may pick any id, B's included). */
const createdInA = new Set<string>();

async function send(caller: PanelCaller, route: Route, entity: Entity, id: string): Promise<CallResult> {
  const writable = entity === Activity ? Role : entity;
  switch (route) {
    case 'list':
      return caller.call(rest.list(entity), { query: { pageSize: '500' } });
    case 'search':
      return caller.call(rest.list(entity), { query: { search: 'B-secret' } });
    case 'filter':
      return caller.call(rest.list(entity), {
        query: entity === Member ? { 'filter.roleId': id } : entity === Role ? { 'filter.parentRoleId': id } : { 'filter.rowId': id },
      });
    case 'get':
      return caller.call(rest.get(entity, id));
    case 'create':
      return caller.call(rest.create(Role), { body: { id, name: `A made ${randomUUID()}` } });
    case 'update':
      return caller.call(rest.update(writable, id), {
        body: { version: 1, title: 'x', ...(writable === Role ? { description: 'A was here' } : {}) },
      });
    case 'delete':
      return caller.call(rest.remove(writable, id), { query: { version: '1' } });
    case 'pushCreate':
    case 'pushUpdate':
    case 'pushDelete': {
      const op = route === 'pushCreate' ? 'create' : route === 'pushUpdate' ? 'update' : 'delete';
      const values = op === 'create' ? { name: `A pushed ${randomUUID()}` } : op === 'update' ? { description: 'A was here' } : undefined;
      return caller.call(syncEndpoints.push, {
        body: {
          clientId: randomUUID(),
          mutations: [{ mutationId: 1, entity: op === 'create' ? Role.key : writable.key, op, id, baseVersion: 1, values }],
        },
      });
    }
    case 'pull':
      return caller.call(syncEndpoints.pull, { query: { cursor: '0', limit: '2000' } });
    case 'current':
      return caller.call(panelEndpoints.current);
    case 'details':
      return caller.call(panelEndpoints.updateDetails, { body: { companyName: 'A company' } });
    case 'modules':
      return caller.call(panelEndpoints.updateModules, { body: { modules: ['PanelManagement'] } });
    case 'initialElements':
      return caller.call(panelEndpoints.initialElements);
    case 'activitySummary':
      return caller.call(panelEndpoints.activitySummary, { query: { recent: '50' } });
    case 'panelList':
      return server.call(panelEndpoints.list, { token: caller.account.tokens.access_token });
  }
}

const normalised = (code: string) =>
  code
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .trim()
    .toUpperCase();

describe('tenant isolation', () => {
  it('nobody of panel A can read, change or learn of panel B through any route, id or panel code', async () => {
    const unavailable = await callerIn(server, attackers[0]!.account, 'QQQQQQQQ').call(panelEndpoints.current);
    expect(unavailable.status).toBe(404);
    const notFound = await attackers[0]!.call(rest.get(Role, randomUUID()));
    expect([notFound.status, notFound.body.errorData?.code]).toEqual([404, Code.NotFound]);

    const codeOf = (ownCode: string) =>
      fc.oneof(
        fc.constant(ownCode),
        fc.constant(ownerB.code),
        fc.mixedCase(fc.constant(ownerB.code)),
        fc.constantFrom(`"${ownerB.code}"`, ` ${ownerB.code} `, `"${ownerB.code.toLowerCase()}"`),
        fc.stringMatching(/^[A-Z0-9]{6,12}$/),
        fc.stringMatching(/^[!-~]{1,20}$/),
      );
    const attempt = fc.record({
      who: fc.nat({ max: 1 }),
      route: fc.constantFrom(...routes),
      entity: fc.constantFrom(Role, Member, Activity),
      id: fc.oneof(fc.constantFrom(...idsOfB), fc.uuid()),
    });

    await fc.assert(
      fc.asyncProperty(attempt, codeOf(attackers[0]!.code), async ({ who, route, entity, id }, rawCode) => {
        const attacker = attackers[who]!;
        const code = normalised(rawCode) === attackers[0]!.code ? attacker.code : rawCode;
        const caller = callerIn(server, attacker.account, code);
        const answer = await send(caller, route, entity, id);
        const text = JSON.stringify(answer.body);
        // The id the caller sent is theirs to know; ids A's rows were given are A's.
        for (const secret of secrets) {
          if (secret !== id && !createdInA.has(secret)) expect(text).not.toContain(secret);
        }
        const own = normalised(code) === attackers[0]!.code;
        if (route === 'panelList') return;
        if (!own) {
          // Someone else's panel, a panel that does not exist and a malformed code look alike.
          expect(answer.status).toBe(404);
          expect(answer.body).toEqual(unavailable.body);
          return;
        }
        const foreign = !createdInA.has(id);
        if (foreign && (route === 'get' || route === 'update' || route === 'delete')) {
          expect({ status: answer.status, body: answer.body }).toEqual({ status: notFound.status, body: notFound.body });
        }
        const results = (answer.body.data as { results?: { status: string; code: number; row: unknown }[] } | null)?.results;
        if (foreign && (route === 'pushUpdate' || route === 'pushDelete')) {
          expect(results).toEqual([expect.objectContaining({ status: 'rejected', code: Code.NotFound, row: null })]);
        }
        if (route === 'create' && answer.status === 201) createdInA.add(id);
        if (route === 'pushCreate' && results?.[0]?.status === 'applied') createdInA.add(id);
      }),
      { numRuns: propertyRuns('ISOLATION_RUNS', 300, 60) },
    );

    // B is exactly as it was: same rows and versions, same details, nothing new in its change log.
    const after = await pullAll(syncClient(ownerB));
    expect(JSON.stringify(after.changes)).toBe(snapshotOfB.rows);
    expect(after.cursor).toBe(snapshotOfB.cursor);
    expect(JSON.stringify((await ownerB.call(panelEndpoints.current)).body.data)).toBe(snapshotOfB.current);
  });
});
