/** The sales rules both sides share: exact amounts, commission, the board's columns, the figures per agent and month, the timeline, support's timing. */
import { describe, expect, it } from 'vitest';
import { boardColumns, neighbourStage } from '../../rules/board.ts';
import { agentMonths, lastMonths, pipeline } from '../../rules/salesFigures.ts';
import { commissionOf, overDiscounted, saleTotals } from '../../rules/saleTotals.ts';
import { customerBalance, customerTimeline } from '../../rules/timeline.ts';
import { dueAt, isOverdue } from '../../rules/support.ts';
import { filterRequests, supporterLoads } from '../../rules/supporters.ts';

describe('sale amounts', () => {
  it('are exact rials beyond floating point, with VAT rounded half up', () => {
    expect(saleTotals([{ quantity: 3, unitPrice: 1_000_000_000_000_001, discount: 1 }], 10)).toEqual({
      net: 3_000_000_000_000_002,
      vat: 300_000_000_000_000,
      total: 3_300_000_000_000_002,
    });
    expect(saleTotals([{ quantity: '1', unitPrice: '5' }], 10)).toEqual({ net: 5, vat: 1, total: 6 });
    expect(saleTotals([{ quantity: 1, unitPrice: 4 }], 10)).toEqual({ net: 4, vat: 0, total: 4 });
    expect(
      overDiscounted([
        { quantity: 1, unitPrice: 10, discount: 11 },
        { quantity: 1, unitPrice: 10, discount: 10 },
      ]),
    ).toEqual([0]);
  });

  it('give commission at a percent with three places, rounded half up', () => {
    expect(commissionOf(1_000_000, '2.500')).toBe(25_000n);
    expect(commissionOf(999, '5')).toBe(50n);
    expect(commissionOf(1_000, null)).toBe(0n);
  });
});

describe('the board', () => {
  it('puts live sales in their stage, newest first, with count and value; cancelled invoices out', () => {
    const sales = [
      { id: 'a', stage: 'lead', date: '2026-01-01', net: 10, status: 'draft' },
      { id: 'b', stage: 'lead', date: '2026-02-01', net: 5, status: 'draft' },
      { id: 'c', stage: 'won', date: '2026-02-01', net: 7, status: 'cancelled' },
    ];
    const columns = boardColumns(sales);
    expect(columns.map((c) => c.stage)).toEqual(['lead', 'quoted', 'negotiating', 'won', 'lost']);
    expect(columns[0]).toMatchObject({ count: 2, value: 15 });
    expect(columns[0]!.cards.map((c) => c.id)).toEqual(['b', 'a']);
    expect(columns[3]!.count).toBe(0);
    expect([neighbourStage('lead', -1), neighbourStage('lead', 1), neighbourStage('lost', 1)]).toEqual([null, 'quoted', null]);
  });
});

describe('figures per agent and Jalali month', () => {
  it('count won and lost by the month they closed, with conversion, days to close and commission', () => {
    // 2025-10-05 and 2025-10-20 are in Mehr 1404; 2025-09-10 in Shahrivar.
    const sales = [
      { id: '1', agentMemberId: 'm', stage: 'won', date: '2025-10-01', closedOn: '2025-10-05', net: 1_000_000 },
      { id: '2', agentMemberId: 'm', stage: 'won', date: '2025-10-10', closedOn: '2025-10-20', net: 3_000_000 },
      { id: '3', agentMemberId: 'm', stage: 'lost', date: '2025-10-01', closedOn: '2025-10-06', net: 9 },
      { id: '4', agentMemberId: 'm', stage: 'won', date: '2025-09-01', closedOn: '2025-09-10', net: 5 },
      { id: '5', agentMemberId: 'm', stage: 'lead', date: '2025-10-01', net: 100 },
    ];
    const months = agentMonths(sales, new Map([['m', '10']]));
    expect(months[0]).toEqual({
      memberId: 'm',
      month: '1404-07',
      won: 2,
      lost: 1,
      amount: 4_000_000n,
      conversion: 67,
      avgDaysToClose: 7,
      commission: 400_000n,
    });
    expect(months[1]).toMatchObject({ month: '1404-06', won: 1, lost: 0, conversion: 100 });
    expect(pipeline(sales).find((p) => p.stage === 'lead')).toEqual({ stage: 'lead', count: 1, value: 100n });
    expect(lastMonths('1404-02', 3)).toEqual(['1403-12', '1404-01', '1404-02']);
  });
});

describe('a customer', () => {
  it('has a timeline newest first and a balance of invoiced less paid', () => {
    const sales = [
      { id: 's1', customerId: 'c', date: '2026-01-01', status: 'submitted', total: 1_100 },
      { id: 's2', customerId: 'c', date: '2026-01-05', status: 'draft', total: 500 },
      { id: 's3', customerId: 'x', date: '2026-01-05', status: 'submitted', total: 9 },
    ];
    const payments = [{ id: 'p', customerId: 'c', date: '2026-01-03', amount: 600 }];
    expect(customerBalance('c', sales, payments)).toEqual({ invoiced: 1_100, paid: 600, balance: 500 });
    const events = customerTimeline('c', {
      sales,
      payments,
      subscriptions: [{ id: 'u', customerId: 'c', since: '2026-01-02' }],
      requests: [{ id: 'r', customerId: 'c', openedAt: '2026-01-04T10:00:00Z' }],
    });
    expect(events.map((e) => e.kind)).toEqual(['sale', 'request', 'payment', 'subscription', 'sale']);
  });
});

describe('support', () => {
  it('is due by priority, overdue only while open, and filtered to a supporter’s queue', () => {
    const opened = new Date('2026-01-01T08:00:00Z');
    expect(dueAt(opened, 'urgent')).toBe('2026-01-01T12:00:00.000Z');
    expect(dueAt(opened, 'low')).toBe('2026-01-08T08:00:00.000Z');
    const now = Date.parse('2026-01-02T00:00:00Z');
    const requests = [
      {
        id: '1',
        status: 'open',
        priority: 'urgent',
        dueAt: '2026-01-01T12:00:00.000Z',
        supporterId: 'me',
        openedAt: '2026-01-01T08:00:00.000Z',
      },
      {
        id: '2',
        status: 'resolved',
        priority: 'urgent',
        dueAt: '2026-01-01T12:00:00.000Z',
        supporterId: 'me',
        openedAt: '2026-01-01T08:00:00.000Z',
        resolvedAt: '2026-01-01T10:00:00.000Z',
      },
      { id: '3', status: 'open', priority: 'low', dueAt: '2026-01-08T08:00:00.000Z' },
      { id: '4', status: 'open', priority: 'low', dueAt: '2026-01-08T08:00:00.000Z', supporterId: 'other' },
    ];
    expect([isOverdue(requests[0]!, now), isOverdue(requests[1]!, now)]).toEqual([true, false]);
    expect(filterRequests(requests, { queueOf: 'me' }, now).map((r) => r.id)).toEqual(['1', '2', '3']);
    expect(filterRequests(requests, { status: 'active', overdue: true }, now).map((r) => r.id)).toEqual(['1']);
    expect(supporterLoads(requests, now).find((l) => l.supporterId === 'me')).toEqual({
      supporterId: 'me',
      open: 1,
      overdue: 1,
      resolved: 1,
      avgHours: 2,
    });
  });
});
