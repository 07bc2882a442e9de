/** The rules accounting's device and server share: Sheba's check digits, Jalali months, cheque moves, and the reports from rows. */
import { describe, expect, it } from 'vitest';
import { holding, nextStatuses } from '../../rules/chequeFlow.ts';
import { monthDays, monthOf, monthsBetween } from '../../rules/month.ts';
import { partyStatement, partyStatementHeld, profitAndLoss, trialBalance } from '../../rules/reports.ts';
import { normalizeSheba } from '../../rules/sheba.ts';

describe('a Sheba', () => {
  it('is kept as IR and 24 digits, typed with spaces, in Persian digits or without IR', () => {
    expect(normalizeSheba('ir06 2960 0000 0010 0324 2000 01')).toBe('IR062960000000100324200001');
    expect(normalizeSheba('۰۶۲۹۶۰۰۰۰۰۰۰۱۰۰۳۲۴۲۰۰۰۰۱')).toBe('IR062960000000100324200001');
  });

  it('is refused when a digit is wrong, or it is too short or not Iranian', () => {
    expect(normalizeSheba('IR062960000000100324200002')).toBeNull();
    expect(normalizeSheba('IR0629600000001003242000')).toBeNull();
    expect(normalizeSheba('DE89370400440532013000')).toBeNull();
  });
});

describe('Jalali months', () => {
  it('key a day by its Jalali month, and span the month’s days', () => {
    expect(monthOf('2026-03-20')).toBe('1404-12');
    expect(monthOf('2026-03-21')).toBe('1405-01');
    expect(monthDays('1405-01')).toEqual({ from: '2026-03-21', to: '2026-04-20' });
    expect(monthDays('1404-12')).toEqual({ from: '2026-02-20', to: '2026-03-20' });
    expect(monthsBetween('1404-11', '1405-02')).toEqual(['1404-11', '1404-12', '1405-01', '1405-02']);
  });
});

describe('a cheque', () => {
  it('goes where its direction lets it, and its amount sits where its status says', () => {
    expect(nextStatuses('received', 'inHand')).toEqual(['deposited', 'returned']);
    expect(nextStatuses('received', 'cleared')).toEqual([]);
    expect(nextStatuses('issued', 'inHand')).toEqual(['cleared', 'bounced', 'returned']);
    expect(holding('received', 'bounced')).toEqual({ role: 'receivable', party: true });
    expect(holding('issued', 'cleared')).toEqual({ role: 'bank', bank: true });
  });
});

describe('the reports', () => {
  const accounts = [
    { id: 'cash', code: '1101', name: 'Cash', kind: 'asset' },
    { id: 'sales', code: '4101', name: 'Sales', kind: 'income' },
    { id: 'rent', code: '5202', name: 'Rent', kind: 'expense' },
  ];
  const balances = [
    { id: 'a', accountId: 'cash', month: '1405-01', debit: 100, credit: 30 },
    { id: 'b', accountId: 'sales', month: '1405-01', debit: 0, credit: 100 },
    { id: 'c', accountId: 'rent', month: '1405-02', debit: 30, credit: 0 },
    { id: 'd', accountId: 'rent', month: '1405-03', debit: 5, credit: 0, deleted: true },
  ];

  it('total debits and credits alike in the trial balance, within the months chosen', () => {
    const all = trialBalance(balances, accounts, null, null);
    expect(all).toMatchObject({ debit: 130, credit: 130 });
    expect(all.rows.map((r) => [r.code, r.balance])).toEqual([
      ['1101', 70],
      ['4101', -100],
      ['5202', 30],
    ]);
    expect(trialBalance(balances, accounts, '1405-02', '1405-02').rows).toHaveLength(1);
  });

  it('give income and expenses per month', () => {
    expect(profitAndLoss(balances, accounts, ['1405-01', '1405-02'])).toEqual([
      { month: '1405-01', income: 100, expense: 0, profit: 100 },
      { month: '1405-02', income: 0, expense: 30, profit: -30 },
    ]);
  });

  it('run a party’s balance through its lines, from the balance before the range', () => {
    const lines = [
      { id: '1', date: '2026-04-01', debit: 500, credit: 0, sourceId: 's1', seq: 0 },
      { id: '2', date: '2026-04-10', debit: 0, credit: 200, sourceId: 's2', seq: 0 },
      { id: '3', date: '2026-04-05', debit: 100, credit: 0, sourceId: 's3', seq: 0 },
      { id: '4', date: '2026-05-01', debit: 1000, credit: 0, sourceId: 's4', seq: 0 },
    ];
    const statement = partyStatement(lines, '2026-04-05', '2026-04-30');
    expect(statement.opening).toBe(500);
    expect(statement.lines.map((l) => [l.id, l.balance])).toEqual([
      ['3', 600],
      ['2', 400],
    ]);
    expect(statement.closing).toBe(400);
  });

  it('on a device with a window, carry what is older from the monthly balances: the same statement, evicted lines or not', () => {
    const line = (id: string, date: string, debit: number, credit: number) => ({
      id,
      date,
      debit,
      credit,
      sourceId: id,
      seq: 0,
      partyId: 'p',
    });
    // The window starts on 1 Farvardin 1405 (2026-03-21).
    const lines = [
      line('1', '2025-05-01', 7_000, 0),
      line('2', '2026-02-01', 0, 2_000),
      line('3', '2026-04-01', 500, 0),
      line('4', '2026-05-01', 0, 1_000),
    ];
    const balances = [
      { id: 'b1', partyId: 'p', month: monthOf('2025-05-01'), debit: 7_000, credit: 0 },
      { id: 'b2', partyId: 'p', month: monthOf('2026-02-01'), debit: 0, credit: 2_000 },
      { id: 'b3', partyId: 'p', month: monthOf('2026-04-01'), debit: 500, credit: 0 },
      { id: 'b4', partyId: 'other', month: monthOf('2025-05-01'), debit: 9_000, credit: 0 },
    ];
    const whole = partyStatement(lines, '2026-04-15', '2026-06-01');
    expect(whole).toMatchObject({ opening: 5_500, closing: 4_500 });
    expect(partyStatementHeld(lines, balances, 'p', '2026-04-15', '2026-06-01', '2026-03-21')).toEqual(whole);
    expect(partyStatementHeld(lines.slice(2), balances, 'p', '2026-04-15', '2026-06-01', '2026-03-21')).toEqual(whole);
    expect(partyStatementHeld(lines, [], 'p', '2026-04-15', '2026-06-01', null)).toEqual(whole);
  });
});
