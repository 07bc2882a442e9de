/**
 * A party's statement from the server (decision 053): the same figures as the device's rule over the
 * same journal lines, whatever the period; refused without the journal's read grant; 400 on a
 * malformed or too long period.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../../../src/contract/codes.ts';
import { permission, type Row } from '../../../../src/contract/entity.ts';
import { startTestServer, type TestServer } from '../../../../tests/server/harness.ts';
import { createRow, newMember, openPanel, type PanelCaller } from '../../../../tests/server/panelsFixture.ts';
import { Party } from '../../entities/books.ts';
import { Voucher } from '../../entities/documents.ts';
import { partyStatement, type Statement } from '../../rules/reports.ts';
import { statementEndpoint } from '../../rules/statementEndpoint.ts';
import { code, journal, step } from './books.ts';

let server: TestServer;
let panel: PanelCaller;
let customer: Row;
let other: Row;

const line = (account: string, debit: number | string, credit: number | string, partyId: string | null = null) => ({
  id: randomUUID(),
  accountId: code(account),
  partyId,
  debit,
  credit,
});

async function posted(date: string, lines: ReturnType<typeof line>[]): Promise<void> {
  const draft = await createRow(panel, Voucher, { date, description: `سند ${date}`, lines });
  expect((await step(panel, Voucher, draft.id, 'submit')).status).toBe(200);
}

const ask = (caller: PanelCaller, query: Record<string, string>) => caller.call<Statement>(statementEndpoint, { query });

beforeAll(async () => {
  server = await startTestServer();
  panel = await openPanel(server, await server.createAccount(), 'فروشگاه صورت‌حساب', ['MarketAccounting']);
  expect((await panel.call({ method: 'POST', path: '/api/MarketAccounting/books' })).status).toBe(200);
  customer = await createRow(panel, Party, { name: 'علی رضایی' });
  other = await createRow(panel, Party, { name: 'مینا کاظمی' });
  // Three years of a customer's sales and receipts, and another party's lines in between.
  await posted('2024-05-01', [line('1103', 5_000_000, 0, customer.id), line('4101', 0, 5_000_000)]);
  await posted('2024-09-10', [line('1101', 2_000_000, 0), line('1103', 0, 2_000_000, customer.id)]);
  await posted('2025-06-01', [line('1103', '9007199254741000', 0, customer.id), line('4101', 0, '9007199254741000')]);
  await posted('2025-06-01', [line('1103', 700_000, 0, other.id), line('4101', 0, 700_000)]);
  await posted('2026-11-01', [line('1101', 1_000_000, 0), line('1103', 0, 1_000_000, customer.id)]);
});
afterAll(async () => {
  await server.close();
});

describe('a party statement from the server', () => {
  it('is the device’s rule over the same lines, for a period that starts years back', async () => {
    const lines = await journal(panel, { 'filter.partyId': customer.id });
    for (const [from, to] of [
      ['2025-01-01', '2026-11-27'],
      ['2024-01-01', '2024-12-31'],
      ['2026-01-01', '2026-11-27'],
      ['2024-09-10', '2025-06-01'],
    ] as const) {
      const answer = await ask(panel, { partyId: customer.id, from, to });
      expect(answer.status, `${from}…${to}`).toBe(200);
      expect(answer.body.data, `${from}…${to}`).toEqual(partyStatement(lines, from, to));
    }
    const recent = (await ask(panel, { partyId: customer.id, from: '2025-01-01', to: '2026-11-27' })).body.data!;
    // The balance before is carried exactly, and amounts beyond 2^53 travel as text.
    expect(recent.opening).toBe(3_000_000);
    expect(recent.lines.map((l) => l.debit)).toEqual(['9007199254741000', 0]);
    expect(recent.closing).toBe('9007199256741000');
  });

  it('holds none of another party’s lines', async () => {
    const answer = await ask(panel, { partyId: other.id, from: '2020-01-01', to: '2026-11-27' });
    expect(answer.body.data).toMatchObject({ opening: 0, closing: 700_000, lines: [{ debit: 700_000 }] });
  });

  it('is refused without the journal’s read grant', async () => {
    const { caller } = await newMember(server, panel, [permission(Party, 'read')]);
    const answer = await ask(caller, { partyId: customer.id, from: '2025-01-01', to: '2026-11-27' });
    expect([answer.status, answer.body.errorData?.code]).toEqual([403, Code.InvalidOperation]);
  });

  it('answers 400 for a malformed, reversed or too long period', async () => {
    for (const query of [
      { partyId: customer.id, from: '2025-02-30', to: '2026-01-01' },
      { partyId: customer.id, from: '2026-01-01', to: '2025-01-01' },
      { partyId: customer.id, from: '2010-01-01', to: '2026-01-01' },
      { partyId: 'not-a-party', from: '2025-01-01', to: '2026-01-01' },
      { partyId: customer.id, from: '2025-01-01' },
    ]) {
      const answer = await ask(panel, query as Record<string, string>);
      expect([answer.status, answer.body.errorData?.code], JSON.stringify(query)).toEqual([400, Code.BadRequest]);
    }
  });
});
