/**
 * Issue 14, item 12: a change that touches only a reference (a member's role, a role's parent)
 * used to fail with 500 over REST and 9402 in sync on both engines, because the rules query
 * carried the row's id as a parameter no clause typed. Both doors now apply it.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../src/contract/codes.ts';
import { Member, Role } from '../../src/contract/entities/panelManagement.ts';
import type { Row } from '../../src/contract/entity.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { acceptedMember, createRow, openPanel, rest, type PanelCaller } from './panelsFixture.ts';
import { syncClient } from './syncFixture.ts';

let server: TestServer;
let panel: PanelCaller;
let first: Row;
let second: Row;

beforeAll(async () => {
  server = await startTestServer();
  panel = await openPanel(server, await server.createAccount());
  first = await createRow(panel, Role, { name: 'Cashier' });
  second = await createRow(panel, Role, { name: 'Storekeeper' });
});
afterAll(() => server.close());

describe('changing only a reference', () => {
  it('moves a member to another role over REST', async () => {
    const member = await acceptedMember(server, panel, first.id);
    const answer = await panel.call<Row>(rest.update(Member, member.id), { body: { version: member.version, roleId: second.id } });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ roleId: second.id, version: member.version + 1 });
  });

  it('moves a role under another in the chart over REST', async () => {
    const role = await createRow(panel, Role, { name: `Clerk ${randomUUID().slice(0, 6)}` });
    const answer = await panel.call<Row>(rest.update(Role, role.id), { body: { version: role.version, parentRoleId: first.id } });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ parentRoleId: first.id });
  });

  it('applies both changes when pushed by sync', async () => {
    const member = await acceptedMember(server, panel, first.id);
    const role = await createRow(panel, Role, { name: `Driver ${randomUUID().slice(0, 6)}` });
    const client = syncClient(panel);
    const answer = await client.push([
      { mutationId: 1, entity: Member.key, op: 'update', id: member.id, baseVersion: member.version, values: { roleId: second.id } },
      { mutationId: 2, entity: Role.key, op: 'update', id: role.id, baseVersion: role.version, values: { parentRoleId: second.id } },
    ]);
    expect(answer.body.data?.results.map((r) => [r.status, r.code])).toEqual([
      ['applied', Code.Updated],
      ['applied', Code.Updated],
    ]);
  });
});
