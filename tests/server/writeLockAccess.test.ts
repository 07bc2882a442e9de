/**
 * Issue 14, item 13: permissions are read when a request arrives, but a write waits for the
 * panel's lock, and a write queued ahead may change the writer's role or remove them meanwhile.
 * The write decides on the access read again once it holds the lock. Here the stale access a
 * request carried is handed to the write directly, as if the change had landed while it waited.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Member, Role } from '../../src/contract/entities/panelManagement.ts';
import { permission, type Row } from '../../src/contract/entity.ts';
import { applyMutation } from '../../server/entities/applyMutation.ts';
import { inPanelWrite } from '../../server/entities/panelWrite.ts';
import { AppError } from '../../server/errors.ts';
import { accessByCode, type PanelAccess } from '../../server/panels/panelAccess.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';
import { acceptedMember, createRow, openPanel, rest, type PanelCaller } from './panelsFixture.ts';

let server: TestServer;
let owner: PanelCaller;

beforeAll(async () => {
  server = await startTestServer();
  owner = await openPanel(server, await server.createAccount());
});
afterAll(() => server.close());

/** A member who may create roles, and the access their request read on arrival. */
async function memberWithStaleAccess(): Promise<{ person: TestAccount; member: Row; stale: PanelAccess }> {
  const person = await server.createAccount();
  const role = await createRow(owner, Role, {
    name: `Role ${randomUUID().slice(0, 8)}`,
    permissions: [permission(Role, 'read'), permission(Role, 'create')],
  });
  const member = await acceptedMember(server, owner, role.id, person);
  const stale = (await accessByCode(server.db, owner.code, person.userId))!;
  expect(stale.permissions.has(permission(Role, 'create'))).toBe(true);
  return { person, member, stale };
}

function requestCarrying(person: TestAccount, access: PanelAccess): FastifyRequest {
  return { server: server.app, panel: access, session: { userId: person.userId }, lang: 'en' } as unknown as FastifyRequest;
}

const createRole = (request: FastifyRequest) =>
  inPanelWrite(request, (ctx) =>
    applyMutation(ctx, { entity: Role, op: 'create', id: randomUUID(), values: { name: `Late ${randomUUID().slice(0, 8)}` } }),
  );

describe('a write that waited for the panel lock', () => {
  it('is refused when the writer was removed from the panel meanwhile (404)', async () => {
    const { person, member, stale } = await memberWithStaleAccess();
    expect((await owner.call(rest.remove(Member, member.id), { query: { version: String(member.version) } })).status).toBe(200);
    const refused = await createRole(requestCarrying(person, stale)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(404);
  });

  it("is refused when the writer's role lost the permission meanwhile (9400)", async () => {
    const { person, member, stale } = await memberWithStaleAccess();
    const role = (await owner.call<Row>(rest.get(Role, String(member.roleId)))).body.data!;
    const narrowed = await owner.call(rest.update(Role, role.id), {
      body: { version: role.version, permissions: [permission(Role, 'read')] },
    });
    expect(narrowed.status).toBe(200);
    const outcome = await createRole(requestCarrying(person, stale));
    expect(outcome).toMatchObject({ status: 'rejected', code: 9400 });
  });

  it('settings changes, too, check the settings permission inside the lock', async () => {
    const { person, stale } = await memberWithStaleAccess();
    const withSettings: PanelAccess = { ...stale, permissions: new Set([...stale.permissions, 'PanelManagement.Panel.update']) };
    const refused = await inPanelWrite(requestCarrying(person, withSettings), async () => 'written', [
      'PanelManagement.Panel.update',
    ]).catch((error: unknown) => error);
    expect((refused as AppError).status).toBe(403);
  });
});
