/**
 * Panels in server tests: open a panel as its owner, give a person a role with chosen
 * permissions, and call any endpoint as someone inside a panel (bearer token + X-Panel-Code).
 */
import { randomUUID } from 'node:crypto';
import { Member, Role } from '../../src/contract/entities/panelManagement.ts';
import { actions, entityPath, permission, type Entity, type Row } from '../../src/contract/entity.ts';
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

export async function openPanel(
  server: TestServer,
  owner: TestAccount,
  name = 'شرکت آزمایش',
  modules: string[] = ['PanelManagement'],
): Promise<PanelCaller> {
  const answer = await server.call<CurrentPanel>(panelEndpoints.register, {
    token: owner.tokens.access_token,
    body: { name, icon: 'store', modules },
  });
  if (answer.status !== 201 || !answer.body.data) throw new Error(`RegisterPanel failed: ${JSON.stringify(answer.body)}`);
  return callerIn(server, owner, answer.body.data.code);
}

/** Every action on people and on roles, and nothing else: a manager below the panel's settings. */
export const managePeopleAndRoles: readonly string[] = [Member, Role].flatMap((e) => actions.map((a) => permission(e, a)));

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

/** Invites a person (a new one unless given) into the panel with `roleId`, and they accept; answers their Member row. */
export async function acceptedMember(server: TestServer, inviter: PanelCaller, roleId: string, person?: TestAccount): Promise<Row> {
  const account = person ?? (await server.createAccount());
  const invited = await createRow(inviter, Member, { login: account.username, roleId });
  const accepted = await server.call(panelEndpoints.acceptInvitation, { token: account.tokens.access_token, body: { code: inviter.code } });
  if (accepted.status !== 200) throw new Error(`accepting the invitation failed: ${JSON.stringify(accepted.body)}`);
  const row = await inviter.call<Row>(rest.get(Member, invited.id));
  return row.body.data ?? { ...invited, version: invited.version + 1 };
}

/** Makes a role with exactly these permissions and adds the person to the owner's panel with it. */
export async function addMember(
  server: TestServer,
  owner: PanelCaller,
  person: TestAccount,
  permissions: readonly string[],
  roleName = `role-${randomUUID().slice(0, 8)}`,
): Promise<PanelCaller> {
  return (await newMember(server, owner, permissions, { person, roleName })).caller;
}

/** A person (a new account unless given) in the owner's panel with a role of exactly these permissions: their caller and Member id. */
export async function newMember(
  server: TestServer,
  owner: PanelCaller,
  permissions: readonly string[],
  options: { person?: TestAccount; roleName?: string } = {},
): Promise<{ caller: PanelCaller; memberId: string }> {
  const role = await createRow(owner, Role, { name: options.roleName ?? `role-${randomUUID().slice(0, 8)}`, permissions });
  const account = options.person ?? (await server.createAccount());
  const member = await acceptedMember(server, owner, role.id, account);
  return { caller: callerIn(server, account, owner.code), memberId: member.id };
}
