/**
 * Panels in server tests: open a panel as its owner, give a person a role with chosen
 * permissions, and call any endpoint as someone inside a panel (bearer token + X-Panel-Code).
 */
import { randomUUID } from 'node:crypto';
import { Member, Role } from '../../src/contract/entities/panelManagement.ts';
import { entityPath, type Entity, type Row } from '../../src/contract/entity.ts';
import { panelEndpoints, type CurrentPanel } from '../../src/contract/panels.ts';
import { PANEL_HEADER } from '../../src/contract/service.ts';
import type { CallOptions, CallResult, TestAccount, TestServer } from './harness.ts';

export interface PanelCaller {
  account: TestAccount;
  code: string;
  call<T = unknown>(endpoint: { method: string; path: string }, options?: CallOptions): Promise<CallResult<T>>;
}

export function callerIn(server: TestServer, account: TestAccount, code: string): PanelCaller {
  return {
    account,
    code,
    call: (endpoint, options = {}) =>
      server.call(endpoint, { ...options, token: account.tokens.access_token, headers: { [PANEL_HEADER]: code, ...options.headers } }),
  };
}

export async function openPanel(server: TestServer, owner: TestAccount, name = 'شرکت آزمایش'): Promise<PanelCaller> {
  const answer = await server.call<CurrentPanel>(panelEndpoints.register, {
    token: owner.tokens.access_token,
    body: { name, icon: 'store', modules: ['PanelManagement'] },
  });
  if (answer.status !== 201 || !answer.body.data) throw new Error(`RegisterPanel failed: ${JSON.stringify(answer.body)}`);
  return callerIn(server, owner, answer.body.data.code);
}

/** REST endpoints of an entity, as `{ method, path }` for `call`. */
export const rest = {
  list: (e: Entity) => ({ method: 'GET', path: entityPath(e) }),
  get: (e: Entity, id: string) => ({ method: 'GET', path: `${entityPath(e)}/${id}` }),
  create: (e: Entity) => ({ method: 'POST', path: entityPath(e) }),
  update: (e: Entity, id: string) => ({ method: 'PUT', path: `${entityPath(e)}/${id}` }),
  remove: (e: Entity, id: string) => ({ method: 'DELETE', path: `${entityPath(e)}/${id}` }),
};

export async function createRow(caller: PanelCaller, entity: Entity, values: Record<string, unknown>): Promise<Row> {
  const answer = await caller.call<Row>(rest.create(entity), { body: { id: randomUUID(), ...values } });
  if (answer.status !== 201 || !answer.body.data) throw new Error(`create ${entity.key} failed: ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

/** Makes a role with exactly these permissions and adds the person to the owner's panel with it. */
export async function addMember(server: TestServer, owner: PanelCaller, person: TestAccount, permissions: string[], roleName = `role-${randomUUID().slice(0, 8)}`): Promise<PanelCaller> {
  const role = await createRow(owner, Role, { name: roleName, permissions });
  await createRow(owner, Member, { login: person.username, roleId: role.id });
  return callerIn(server, person, owner.code);
}
