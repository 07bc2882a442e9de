/**
 * The notification e2e files' common start: A registers a support panel, invites B as a supporter
 * (a role that reads every customer and works support requests), B accepts, and A opens one
 * request of a customer, not yet assigned. Each file then assigns it its own way.
 */
import { Member, Role } from '../../../../src/contract/entities/panelManagement.ts';
import { entityPath, permission, READ_ALL_GRANT, type Row } from '../../../../src/contract/entity.ts';
import { panelEndpoints, type CurrentPanel } from '../../../../src/contract/panels.ts';
import { logInByApi, newAccount } from '../../../../tests/e2e/accountSteps.ts';
import type { RunningServer } from '../../../../tests/e2e/harness.ts';
import { callInPanel } from '../../../../tests/e2e/panelsSteps.ts';
import { Customer } from '../../entities/customers.ts';
import { Request, RequestMessage, SUPPORT_GRANT } from '../../entities/support.ts';

export const SUPPORT_PANEL = 'پشتیبانی';

export interface SupportTeam {
  panel: CurrentPanel;
  /** B, the supporter, who signs in on the phone. */
  b: { username: string; password: string };
  tokenB: string;
  /** B's member row in the panel (a request's supporterId). */
  supporterId: string;
  /** The request A opened, as the server answered it (its version included). */
  request: Row;
  /** A call in the panel as A, the owner. */
  inA: <T>(endpoint: { method: string; path: string }, body?: unknown) => Promise<T>;
}

export async function supportTeam(server: RunningServer, subject: string): Promise<SupportTeam> {
  const a = await newAccount(server);
  const b = await newAccount(server);
  const tokenA = (await logInByApi(server, a.username, a.password)).access_token;
  const url = server.url;
  const panel = await callInPanel<CurrentPanel>(url, panelEndpoints.register, tokenA, null, {
    name: SUPPORT_PANEL,
    icon: 'cart',
    modules: ['PanelManagement', 'NagemManagement'],
  });
  const inA = <T>(endpoint: { method: string; path: string }, body?: unknown) => callInPanel<T>(url, endpoint, tokenA, panel.code, body);
  const crud = (e: Parameters<typeof permission>[0], extra: string[] = []) =>
    ['read', 'create', 'update', ...extra].map((x) => permission(e, x));
  const role = await inA<Row>(
    { method: 'POST', path: entityPath(Role) },
    {
      id: crypto.randomUUID(),
      name: 'پشتیبان',
      permissions: [
        permission(Customer, 'read'),
        permission(Customer, READ_ALL_GRANT),
        ...crud(Request, [SUPPORT_GRANT]),
        ...crud(RequestMessage),
      ],
    },
  );
  const invited = await inA<Row>(
    { method: 'POST', path: entityPath(Member) },
    { id: crypto.randomUUID(), login: b.username, roleId: role.id },
  );
  const tokenB = (await logInByApi(server, b.username, b.password)).access_token;
  await callInPanel(url, panelEndpoints.acceptInvitation, tokenB, null, { code: panel.code });
  const customer = await inA<Row>(
    { method: 'POST', path: entityPath(Customer) },
    { id: crypto.randomUUID(), kind: 'company', name: 'فروشگاه ستاره', province: 'تهران' },
  );
  const request = await inA<Row>(
    { method: 'POST', path: entityPath(Request) },
    { id: crypto.randomUUID(), customerId: customer.id, subject, priority: 'high', status: 'open' },
  );
  return { panel, b, tokenB, supporterId: invited.id, request, inA };
}
