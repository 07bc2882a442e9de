/**
 * Generated requests at every panel, entity and sync endpoint, from someone inside the panel:
 * bodies and queries of any shape (entity field names with values of every type, NUL characters,
 * huge numbers, nested JSON), ids of any form. Never a 5xx, always the envelope, and the panel
 * stays readable afterwards.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities } from '../../src/contract/entities/index.ts';
import { entityPath } from '../../src/contract/entity.ts';
import { isEnvelope } from '../../src/contract/envelope.ts';
import { panelEndpoints } from '../../src/contract/panels.ts';
import { syncEndpoints } from '../../src/contract/sync.ts';
import { Role } from '../../src/contract/entities/panelManagement.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { createRow, openPanel, rest, type PanelCaller } from './panelsFixture.ts';

let server: TestServer;
let panel: PanelCaller;
let roleId: string;

beforeAll(async () => {
  server = await startTestServer();
  panel = await openPanel(server, await server.createAccount());
  roleId = (await createRow(panel, Role, { name: 'Fuzzed' })).id;
});
afterAll(() => server.close());

const fieldNames = [...new Set(entities.flatMap((e) => Object.keys(e.fields))), 'id', 'version', 'baseVersion', 'modules', 'moduleIcons', 'clientId', 'mutations', '__proto__'];

const valueArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.string(),
  fc.constantFrom('a\u0000b', '', '۱۲۳', 'PanelManagement', 'PanelManagement/Role', '2026-02-30', '9999999999999999999999', 'null'),
  fc.constant(null).map(() => roleId),
  fc.uuid(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(2 ** 31, -(2 ** 53), Number.MAX_SAFE_INTEGER, 1e308),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.jsonValue({ maxDepth: 2 }),
);

const bodyArb = fc.oneof(
  fc.dictionary(fc.constantFrom(...fieldNames), valueArb, { maxKeys: 6 }),
  fc.record({
    clientId: fc.oneof(fc.uuid(), fc.string()),
    mutations: fc.array(
      fc.record({
        mutationId: fc.oneof(fc.nat(), fc.double(), fc.string()),
        entity: fc.oneof(fc.constantFrom(...entities.map((e) => e.key)), fc.string()),
        op: fc.constantFrom('create', 'update', 'delete', 'upsert'),
        id: fc.oneof(fc.uuid(), fc.constant(null).map(() => roleId), fc.string()),
        baseVersion: valueArb,
        values: fc.oneof(fc.dictionary(fc.constantFrom(...fieldNames), valueArb, { maxKeys: 5 }), valueArb),
      }),
      { maxLength: 4 },
    ),
  }),
  valueArb,
);

const idArb = fc.oneof(fc.uuid(), fc.constant(null).map(() => roleId), fc.string({ minLength: 1, maxLength: 40 }).map(encodeURIComponent));
const pathArb = fc.oneof(
  fc.constantFrom(...Object.values(panelEndpoints).map((e) => e.path), ...Object.values(syncEndpoints).map((e) => e.path)),
  fc.constantFrom(...entities.map(entityPath)),
  fc.tuple(fc.constantFrom(...entities.map(entityPath)), idArb).map(([p, id]) => `${p}/${id}`),
);
const queryArb = fc.dictionary(
  fc.oneof(fc.constantFrom('search', 'sort', 'order', 'page', 'pageSize', 'cursor', 'limit', 'recent', 'version'), fc.constantFrom(...fieldNames).map((f) => `filter.${f}`), fc.constantFrom(...fieldNames).map((f) => `filter.${f}.from`)),
  fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('1', '0', '-1', '2001', 'asc', 'desc', 'name', 'updatedAt', 'true', '', '1e3')),
  { maxKeys: 4 },
);

describe('panel, entity and sync endpoints under generated requests', () => {
  it('never answer 5xx and always answer the envelope', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'), pathArb, queryArb, bodyArb, async (method, path, query, body) => {
        const answer = await panel.call({ method, path }, { query, ...(method === 'GET' || method === 'DELETE' ? {} : { body: body as object }) });
        expect(answer.status).toBeLessThan(500);
        expect(isEnvelope(answer.body)).toBe(true);
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 500) },
    );
    expect((await panel.call(rest.list(Role))).status).toBe(200);
    expect((await panel.call(panelEndpoints.current)).status).toBe(200);
  }, 300_000);
});
