/**
 * The permission matrix, action by action: a role without `<Module>.<Entity>.<action>` is refused
 * that action over REST (403, 9400) and over push (rejected, 9400), and a role with only that
 * permission may do it. Both doors go through the same check.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../src/contract/codes.ts';
import { allPermissions } from '../../src/contract/modules.ts';
import { Activity, Member, Role } from '../../src/contract/entities/panelManagement.ts';
import { actions, permission, type Action, type Entity, type EntityListResponse, type Row } from '../../src/contract/entity.ts';
import type { MutationOp } from '../../src/contract/sync.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { addMember, createRow, openPanel, rest, type PanelCaller } from './panelsFixture.ts';
import { pullAll, syncClient } from './syncFixture.ts';

let server: TestServer;
let owner: PanelCaller;
let role: Row;

beforeAll(async () => {
  server = await startTestServer();
  owner = await openPanel(server, await server.createAccount());
  role = await createRow(owner, Role, { name: 'Existing' });
});
afterAll(async () => {
  await server.close();
});

/** Values for a new row of the entity, and a change for an existing one. */
async function newValues(entity: Entity): Promise<Record<string, unknown>> {
  if (entity === Role) return { name: `Role ${randomUUID().slice(0, 8)}` };
  const person = await server.createAccount();
  return { login: person.username, roleId: role.id };
}
const change = (entity: Entity) => (entity === Role ? { description: 'changed' } : { title: 'changed' });

/** A row the owner made, for update and delete. */
async function target(entity: Entity): Promise<Row> {
  return createRow(owner, entity, await newValues(entity));
}

async function viaRest(caller: PanelCaller, entity: Entity, action: Action): Promise<{ status: number; code: number | undefined }> {
  const row = action === 'create' ? null : await target(entity);
  const answer =
    action === 'read'
      ? await caller.call(rest.get(entity, row!.id))
      : action === 'create'
        ? await caller.call(rest.create(entity), { body: await newValues(entity) })
        : action === 'update'
          ? await caller.call(rest.update(entity, row!.id), { body: { version: row!.version, ...change(entity) } })
          : await caller.call(rest.remove(entity, row!.id), { query: { version: String(row!.version) } });
  return { status: answer.status, code: answer.body.errorData?.code };
}

async function viaPush(caller: PanelCaller, entity: Entity, op: MutationOp) {
  const row = op === 'create' ? null : await target(entity);
  const answer = await syncClient(caller).push([
    {
      mutationId: 1,
      entity: entity.key,
      op,
      id: row?.id ?? randomUUID(),
      ...(row ? { baseVersion: row.version } : {}),
      ...(op === 'create' ? { values: await newValues(entity) } : op === 'update' ? { values: change(entity) } : {}),
    },
  ]);
  return answer.body.data!.results[0]!;
}

describe.each([Role, Member])('the permission matrix of $key', (entity) => {
  it.each(actions)('without %s the action is refused over REST and push', async (action) => {
    const without = await addMember(
      server,
      owner,
      await server.createAccount(),
      allPermissions().filter((p) => p !== permission(entity, action)),
    );
    expect(await viaRest(without, entity, action)).toEqual({ status: 403, code: Code.InvalidOperation });
    if (action === 'read') {
      expect((await without.call(rest.list(entity))).status).toBe(403);
      const pulled = await pullAll(syncClient(without));
      expect(pulled.changes.filter((c) => c.entity === entity.key)).toEqual([]);
    } else {
      expect(await viaPush(without, entity, action)).toMatchObject({ status: 'rejected', code: Code.InvalidOperation, row: null });
    }
  });

  it.each(actions)('with %s alone the action is allowed', async (action) => {
    const only = await addMember(server, owner, await server.createAccount(), [permission(entity, action)]);
    const answer = await viaRest(only, entity, action);
    expect(answer.status).toBeLessThan(300);
    if (action === 'read') {
      const pulled = await pullAll(syncClient(only));
      expect(new Set(pulled.changes.map((c) => c.entity))).toEqual(new Set([entity.key]));
    } else {
      const pushed = await viaPush(only, entity, action);
      expect(pushed.status).toBe('applied');
      // Without read permission the answer does not show the row.
      expect(pushed.row).toBeNull();
    }
  });
});

describe('the audit log', () => {
  it('is read with its own permission and written by no client, not even the owner', async () => {
    const reader = await addMember(server, owner, await server.createAccount(), [permission(Activity, 'read')]);
    const list = await reader.call<EntityListResponse>(rest.list(Activity));
    expect(list.status).toBe(200);
    const entry = list.body.data!.items[0]!;
    for (const caller of [reader, owner]) {
      expect((await caller.call(rest.create(Activity), { body: { rowTitle: 'forged' } })).status).toBe(403);
      expect((await caller.call(rest.update(Activity, entry.id), { body: { version: entry.version, rowTitle: 'x' } })).status).toBe(403);
      expect((await caller.call(rest.remove(Activity, entry.id), { query: { version: String(entry.version) } })).status).toBe(403);
      const pushed = await syncClient(caller).push([
        { mutationId: 1, entity: Activity.key, op: 'delete', id: entry.id, baseVersion: entry.version },
      ]);
      expect(pushed.body.data!.results[0]).toMatchObject({ status: 'rejected', code: Code.InvalidOperation });
    }
    const without = await addMember(
      server,
      owner,
      await server.createAccount(),
      allPermissions().filter((p) => p !== permission(Activity, 'read')),
    );
    expect((await without.call(rest.list(Activity))).status).toBe(403);
  });
});
