/**
 * Agent performance from the server (decision 053): the device's rule over the same sales for any
 * period of closing; an agent gets only their own figures; refused without the sales' read grant;
 * 400 on a malformed or too long period.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../../../src/contract/codes.ts';
import { actions, permission, type Row } from '../../../../src/contract/entity.ts';
import { startTestServer, type TestServer } from '../../../../tests/server/harness.ts';
import { createRow, newMember, openPanel, type PanelCaller } from '../../../../tests/server/panelsFixture.ts';
import { Agent, Module } from '../../entities/catalogue.ts';
import { Customer, Payment } from '../../entities/customers.ts';
import { Sale } from '../../entities/sale.ts';
import { performanceEndpoint } from '../../rules/performanceEndpoint.ts';
import { agentPerformance, type AgentMonthFigures } from '../../rules/salesFigures.ts';

let server: TestServer;
let owner: PanelCaller;
let agent: PanelCaller;
let agentMemberId: string;
let sales: Row[];

const agentPermissions = [Customer, Sale, Payment].flatMap((e) => actions.map((a) => permission(e, a)));
const ask = (caller: PanelCaller, query: Record<string, string>) => caller.call<AgentMonthFigures[]>(performanceEndpoint, { query });

beforeAll(async () => {
  server = await startTestServer();
  owner = await openPanel(server, await server.createAccount(), 'ناگم', ['PanelManagement', 'NagemManagement']);
  ({ caller: agent, memberId: agentMemberId } = await newMember(server, owner, [...agentPermissions, permission(Module, 'read')]));
  await createRow(owner, Agent, { name: 'سارا نیکو', kind: 'member', memberId: agentMemberId, commissionRate: 10 });
  const crm = await createRow(owner, Module, { name: 'CRM', code: 'CRM', price: 12_000_000, billing: 'yearly', active: true });
  const mine = await createRow(agent, Customer, { kind: 'company', name: 'شرکت البرز', province: 'تهران' });
  const theirs = await createRow(owner, Customer, { kind: 'person', name: 'Baran', province: 'فارس' });
  const sale = (caller: PanelCaller, customerId: string, date: string, quantity: number, extra: Record<string, unknown> = {}) =>
    createRow(caller, Sale, {
      customerId,
      date,
      stage: 'won',
      lines: [{ id: randomUUID(), moduleId: crm.id, quantity, unitPrice: 12_000_000, discount: 0 }],
      ...extra,
    });
  const made = [
    await sale(agent, mine.id, '2024-05-01', 1),
    await sale(agent, mine.id, '2025-03-01', 2),
    await sale(agent, mine.id, '2025-04-01', 1, { stage: 'lost', lostReason: 'قیمت' }),
    await sale(owner, theirs.id, '2024-05-20', 3),
  ];
  // Closed years ago: the server stamps the day of closing, so the older ones are moved back by hand.
  const closedOn = ['2024-06-01', '2025-03-10', '2025-04-15', '2024-06-02'];
  for (const [i, row] of made.entries()) {
    await server.db.query(`UPDATE ${Sale.table} SET closed_on = $1::date WHERE id = $2::uuid`, [closedOn[i], row.id]);
  }
  sales = made.map((row, i) => ({ ...row, closedOn: closedOn[i] }));
});
afterAll(async () => {
  await server.close();
});

describe('agent performance from the server', () => {
  it('is the device’s rule over the same sales, for a period years back', async () => {
    const rates = new Map([[agentMemberId, 10]]);
    for (const [from, to] of [
      ['2024-01-01', '2026-11-27'],
      ['2024-03-20', '2025-03-20'],
      ['2025-03-21', '2026-03-20'],
    ] as const) {
      const answer = await ask(owner, { from, to });
      expect(answer.status, `${from}…${to}`).toBe(200);
      expect(answer.body.data, `${from}…${to}`).toEqual(agentPerformance(sales, rates, from, to));
    }
    const year1403 = (await ask(owner, { from: '2024-03-20', to: '2025-03-20' })).body.data!;
    expect(year1403.find((m) => m.memberId === agentMemberId && m.month === '1403-03')).toMatchObject({
      won: 1,
      amount: 12_000_000,
      commission: 1_200_000,
    });
  });

  it('gives an agent only their own sales’ figures', async () => {
    const answer = await ask(agent, { from: '2024-01-01', to: '2026-11-27' });
    expect(answer.status).toBe(200);
    expect(new Set(answer.body.data!.map((m) => m.memberId))).toEqual(new Set([agentMemberId]));
    expect(answer.body.data!.reduce((n, m) => n + m.won + m.lost, 0)).toBe(3);
  });

  it('is refused without the sales’ read grant', async () => {
    const { caller } = await newMember(server, owner, [permission(Module, 'read')]);
    const answer = await ask(caller, { from: '2024-01-01', to: '2026-11-27' });
    expect([answer.status, answer.body.errorData?.code]).toEqual([403, Code.InvalidOperation]);
  });

  it('answers 400 for a malformed, reversed or too long period', async () => {
    for (const query of [
      { from: '2025-13-01', to: '2026-01-01' },
      { from: '2026-01-01', to: '2025-01-01' },
      { from: '2010-01-01', to: '2026-01-01' },
      { from: '2025-01-01' },
    ]) {
      const answer = await ask(owner, query as Record<string, string>);
      expect([answer.status, answer.body.errorData?.code], JSON.stringify(query)).toEqual([400, Code.BadRequest]);
    }
  });
});
