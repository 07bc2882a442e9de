/**
 * Generated requests at every panel, entity, invitation and sync endpoint, from the owner and from
 * a manager who is not: bodies and queries of any shape (entity field names with values of every
 * type, NUL, bidi and invisible characters, huge numbers, nested JSON), ids of any form. Never a
 * 5xx, always the envelope, never an account id or (to the manager, who lacks the contact grant)
 * a mobile number in an answer. Afterwards the panel is still readable, the manager has changed
 * nothing above them or of their own, nobody got in without accepting, and every stored text is
 * normalised.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { propertyRuns } from '../propertyRuns.ts';
import { entities } from '../../src/contract/modules.ts';
import { Member, Role } from '../../src/contract/entities/panelManagement.ts';
import { entityPath, permission, type Row } from '../../src/contract/entity.ts';
import { isEnvelope } from '../../src/contract/envelope.ts';
import { normalizeText } from '../../src/contract/fields.ts';
import { panelEndpoints } from '../../src/contract/panels.ts';
import { syncEndpoints } from '../../src/contract/sync.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';
import { acceptedMember, addMember, createRow, managePeopleAndRoles, openPanel, rest, type PanelCaller } from './panelsFixture.ts';

let server: TestServer;
let owner: PanelCaller;
let manager: PanelCaller;
let roleId: string;
let admin: Row;
let people: TestAccount[];
/** Ids worth aiming at: the plain role, the Administrator role, the manager's own role and member row. */
let targets: { roles: string[]; members: string[] };

const managerPermissions = [...managePeopleAndRoles];

beforeAll(async () => {
  server = await startTestServer();
  owner = await openPanel(server, await server.createAccount());
  roleId = (await createRow(owner, Role, { name: 'Fuzzed' })).id;
  admin = await createRow(owner, Role, { name: 'Administrator', permissions: ['PanelManagement.Panel.update', ...managerPermissions] });
  await acceptedMember(server, owner, admin.id);
  manager = await addMember(server, owner, await server.createAccount(), managerPermissions, 'Manager');
  // People to invite by name or number: they never accept, so they must never get in.
  people = [await server.createAccount(), await server.createAccount()];
  const [own] = await server.db.query<{ id: string; role_id: string }>(`SELECT id, role_id FROM ${Member.table} WHERE user_id = $1`, [
    manager.account.userId,
  ]);
  targets = { roles: [roleId, admin.id, own!.role_id], members: [own!.id] };
});
afterAll(() => server.close());

const fieldNames = [
  ...new Set(entities().flatMap((e) => Object.keys(e.fields))),
  'id',
  'version',
  'baseVersion',
  'modules',
  'moduleIcons',
  'clientId',
  'mutations',
  'code',
  '__proto__',
];

const valueArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.string(),
  fc.constantFrom('a\u0000b', '', '۱۲۳', 'PanelManagement', 'PanelManagement/Role', '2026-02-30', '9999999999999999999999', 'null'),
  fc.constantFrom(
    'مدیر\u202E',
    'ad\u200Dmin',
    'Jose\u0301',
    'line\nbreak',
    'می\u200Cروم',
    '\u2066x\u2069',
    'PanelManagement.Member.contact',
  ),
  fc.constant(null).map(() => roleId),
  fc.constant(null).map(() => admin.id),
  fc.constant(null).map(() => owner.code),
  fc.constantFrom(0, 1).map((i) => people[i]!.username),
  fc.constantFrom(0, 1).map((i) => people[i]!.mobile),
  fc.uuid(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(2 ** 31, -(2 ** 53), Number.MAX_SAFE_INTEGER, 1e308),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.constant(null).map(() => [...managerPermissions, 'PanelManagement.Panel.update']),
  fc.jsonValue({ maxDepth: 2 }),
);

const bodyArb = fc.oneof(
  fc.dictionary(fc.constantFrom(...fieldNames), valueArb, { maxKeys: 6 }),
  fc.record({
    clientId: fc.oneof(fc.uuid(), fc.string()),
    mutations: fc.array(
      fc.record({
        mutationId: fc.oneof(fc.nat(), fc.double(), fc.string()),
        entity: fc.oneof(fc.constantFrom(...entities().map((e) => e.key)), fc.string()),
        op: fc.constantFrom('create', 'update', 'delete', 'upsert'),
        id: fc.oneof(
          fc.uuid(),
          fc.constant(null).map(() => roleId),
          fc.constant(null).map(() => admin.id),
          fc.string(),
        ),
        baseVersion: valueArb,
        values: fc.oneof(fc.dictionary(fc.constantFrom(...fieldNames), valueArb, { maxKeys: 5 }), valueArb),
      }),
      { maxLength: 4 },
    ),
  }),
  valueArb,
);

const idArb = fc.oneof(
  fc.uuid(),
  fc.constant(null).map(() => roleId),
  fc.constant(null).map(() => admin.id),
  fc.string({ minLength: 1, maxLength: 40 }).map(encodeURIComponent),
);
// The panel's backup answers a file, not an envelope (panelBackup.test.ts covers it, refusals included).
const jsonPanelEndpoints = Object.values(panelEndpoints).filter((e) => e !== panelEndpoints.backup);
// The live stream answers an event stream that stays open (live.test.ts covers it, refusals included).
const jsonSyncEndpoints = Object.values(syncEndpoints).filter((e) => e !== syncEndpoints.live);
const pathArb = fc.oneof(
  fc.constantFrom(...jsonPanelEndpoints.map((e) => e.path), ...jsonSyncEndpoints.map((e) => e.path)),
  fc.constantFrom(...entities().map(entityPath)),
  fc.tuple(fc.constantFrom(...entities().map(entityPath)), idArb).map(([p, id]) => `${p}/${id}`),
);
const queryArb = fc.dictionary(
  fc.oneof(
    fc.constantFrom('search', 'sort', 'order', 'page', 'pageSize', 'cursor', 'limit', 'recent', 'version'),
    fc.constantFrom(...fieldNames).map((f) => `filter.${f}`),
    fc.constantFrom(...fieldNames).map((f) => `filter.${f}.from`),
  ),
  fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.constantFrom('1', '0', '-1', '2001', 'asc', 'desc', 'name', 'updatedAt', 'mobile', 'userId', 'true', '', '1e3'),
  ),
  { maxKeys: 4 },
);

/** Well-formed writes at the rows that matter, with versions that are often current: they reach the rules, not just the parser. */
const plausibleWriteArb = fc
  .record({
    entity: fc.constantFrom(Role, Member),
    op: fc.constantFrom('create', 'update', 'delete'),
    target: fc.nat(),
    version: fc.integer({ min: 1, max: 3 }),
    values: fc.record(
      {
        permissions: fc.constantFrom(
          [...managerPermissions, 'PanelManagement.Panel.update'],
          managerPermissions,
          [permission(Member, 'contact')],
          [],
        ),
        roleId: fc.nat().map((i) => targets.roles[i % targets.roles.length]!),
        login: fc.constantFrom(0, 1).map((i) => people[i]!.username),
        name: fc.constantFrom('Boss', 'مدیر‮', 'Helper'),
        title: fc.constantFrom('chief', 'x‍y'),
      },
      { requiredKeys: [] },
    ),
  })
  .map(({ entity, op, target, version, values }): { method: string; path: string; query: Record<string, string>; body: unknown } => {
    const ids = entity === Role ? targets.roles : targets.members;
    const id = ids[target % ids.length]!;
    if (op === 'create') return { method: 'POST', path: entityPath(entity), query: {}, body: values };
    if (op === 'update') return { method: 'PUT', path: `${entityPath(entity)}/${id}`, query: {}, body: { ...values, version } };
    return { method: 'DELETE', path: `${entityPath(entity)}/${id}`, query: { version: String(version) }, body: undefined };
  });

const randomRequestArb = fc
  .tuple(fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'), pathArb, queryArb, bodyArb)
  .map(([method, path, query, body]) => ({
    method,
    path,
    query: query as Record<string, string>,
    body: method === 'GET' || method === 'DELETE' ? undefined : body,
  }));

const runs = propertyRuns('FUZZ_RUNS', 500, 100);

/** What may never be in an answer: account ids; and mobile numbers, to a caller without the contact grant. */
function secretsFor(seesNumbers: boolean): string[] {
  const accounts = [owner.account, manager.account, ...people];
  return [...accounts.map((a) => a.userId), ...(seesNumbers ? [] : accounts.map((a) => a.mobile!))];
}

async function fuzz(caller: PanelCaller, seesNumbers: boolean): Promise<void> {
  const secrets = secretsFor(seesNumbers);
  await fc.assert(
    fc.asyncProperty(fc.oneof(randomRequestArb, plausibleWriteArb), async ({ method, path, query, body }) => {
      const answer = await caller.call({ method, path }, { query, ...(body === undefined ? {} : { body: body as object }) });
      expect(answer.status).toBeLessThan(500);
      expect(isEnvelope(answer.body)).toBe(true);
      const text = JSON.stringify(answer.body);
      for (const secret of secrets) expect(text.includes(secret), `${method} ${path} answered ${secret}`).toBe(false);
    }),
    { numRuns: runs },
  );
  expect((await caller.call(rest.list(Role))).status).toBe(200);
  expect((await caller.call(panelEndpoints.current)).status).toBe(200);
}

interface StoredRow {
  id: string;
  version: number;
  updated_by: string;
  permissions: string[] | null;
  role_id: string | null;
  user_id: string | null;
  status: string | null;
}

const rows = (table: string, columns: string) =>
  server.db.query<StoredRow>(`SELECT id, version, updated_by, ${columns} FROM ${table} WHERE NOT deleted`);

describe('panel, entity, invitation and sync endpoints under generated requests', () => {
  it('from a manager keep every rule: no leak, nothing above them or of their own changed, nobody in without accepting', async () => {
    const rolesBefore = new Map(
      (await rows(Role.table, 'permissions, NULL AS role_id, NULL AS user_id, NULL AS status')).map((r) => [r.id, r]),
    );
    const membersBefore = await rows(Member.table, 'NULL AS permissions, role_id, user_id, status');
    const activeBefore = new Set(membersBefore.filter((m) => m.status === 'active').map((m) => m.user_id));
    await fuzz(manager, false);

    const own = membersBefore.find((m) => m.user_id === manager.account.userId)!;
    const roles = await rows(Role.table, 'permissions, NULL AS role_id, NULL AS user_id, NULL AS status');
    const members = await rows(Member.table, 'NULL AS permissions, role_id, user_id, status');
    const permissionsOf = (id: string | null) =>
      roles.find((r) => r.id === id)?.permissions ?? rolesBefore.get(id ?? '')?.permissions ?? [];
    const withinManager = (list: string[] | null) => (list ?? []).every((p) => managerPermissions.includes(p));
    // Their own role and member row, and the stronger Administrator role, are as they were.
    expect(roles.find((r) => r.id === own.role_id)?.version).toBe(rolesBefore.get(own.role_id!)?.version);
    expect(members.find((m) => m.id === own.id)?.version).toBe(own.version);
    expect(roles.find((r) => r.id === admin.id)?.version).toBe(admin.version);
    // Whatever they wrote stays within what they hold.
    for (const role of roles.filter((r) => r.updated_by === manager.account.userId))
      expect(withinManager(role.permissions), role.id).toBe(true);
    for (const member of members.filter((m) => m.updated_by === manager.account.userId))
      expect(withinManager(permissionsOf(member.role_id)), member.id).toBe(true);
    // Only an accepted invitation lets someone in, and nobody accepted one.
    for (const member of members.filter((m) => m.status === 'active')) expect(activeBefore.has(member.user_id), member.id).toBe(true);
  }, 300_000);

  // After the manager: nothing limits the owner, whose writes may take the manager out.
  it('from the owner, too, never answer 5xx, always the envelope, and never an account id', async () => {
    await fuzz(owner, true);
  }, 300_000);

  it('leave only normalised text behind', async () => {
    const texts = await server.db.query<Record<string, string | null>>(
      `SELECT name, description, NULL AS login, NULL AS title, NULL AS display_name FROM ${Role.table}
       UNION ALL SELECT NULL, NULL, login, title, display_name FROM ${Member.table}`,
    );
    for (const value of texts.flatMap((row) => Object.values(row))) {
      if (value !== null) expect(normalizeText(value, true), JSON.stringify(value)).toBe(value);
    }
  });
});
