/**
 * The sales figures the dashboards show, worked out on the device from the rows it holds (so they
 * work offline and never include what the server keeps from the person): the pipeline per stage,
 * and per agent per Jalali month the sales won, their amount, the conversion rate, the average
 * days to close and the commission due. Amounts are net (after discount, before VAT), in rials.
 */
import { compareRials, toRials, wireRials, type Rials } from '../../../src/contract/money.ts';
import { stages, type Stage } from '../entities/sale.ts';
import { daysBetween, jalaliMonthOf } from './jalaliMonth.ts';
import { commissionOf } from './saleTotals.ts';

type SaleRow = Readonly<Record<string, unknown>> & { id: string };

/** A sale that still counts: not a cancelled invoice. */
export function isLive(sale: SaleRow): boolean {
  return sale.status !== 'cancelled';
}

/** A sale's amount in exact rials (money.ts); what is not an amount counts as nothing. */
const money = (v: unknown): bigint => toRials(v) ?? 0n;

export interface StageFigure {
  stage: Stage;
  count: number;
  /** Exact rials. */
  value: bigint;
}

export function pipeline(sales: readonly SaleRow[]): StageFigure[] {
  const by = new Map<Stage, StageFigure>(stages.map((stage) => [stage, { stage, count: 0, value: 0n }]));
  for (const sale of sales) {
    const figure = by.get(sale.stage as Stage);
    if (!figure || !isLive(sale)) continue;
    figure.count++;
    figure.value += money(sale.net);
  }
  return [...by.values()];
}

export interface AgentMonth {
  memberId: string;
  month: string;
  won: number;
  lost: number;
  /** Exact rials. */
  amount: bigint;
  /** Won ÷ (won + lost), in whole percent; null with nothing closed. */
  conversion: number | null;
  /** Average whole days from a won sale's date to the day it was won; null with none won. */
  avgDaysToClose: number | null;
  /** Exact rials. */
  commission: bigint;
}

/** Per seller and Jalali month of closing: the figures of their closed sales. */
export function agentMonths(sales: readonly SaleRow[], commissionRates: ReadonlyMap<string, unknown>): AgentMonth[] {
  const by = new Map<string, AgentMonth & { days: number }>();
  for (const sale of sales) {
    if (!isLive(sale) || (sale.stage !== 'won' && sale.stage !== 'lost')) continue;
    // '' gathers the sales nobody sold (made by the owner, or before agents had accounts).
    const memberId = typeof sale.agentMemberId === 'string' ? sale.agentMemberId : '';
    const month = jalaliMonthOf(sale.closedOn);
    if (!month) continue;
    const key = `${memberId}|${month}`;
    let row = by.get(key);
    if (!row)
      by.set(
        key,
        (row = { memberId, month, won: 0, lost: 0, amount: 0n, conversion: null, avgDaysToClose: null, commission: 0n, days: 0 }),
      );
    if (sale.stage === 'lost') {
      row.lost++;
      continue;
    }
    row.won++;
    row.amount += money(sale.net);
    if (typeof sale.date === 'string' && typeof sale.closedOn === 'string') row.days += Math.max(0, daysBetween(sale.date, sale.closedOn));
  }
  return [...by.values()]
    .map(({ days, ...row }) => ({
      ...row,
      conversion: row.won + row.lost ? Math.round((100 * row.won) / (row.won + row.lost)) : null,
      avgDaysToClose: row.won ? Math.round(days / row.won) : null,
      commission: commissionOf(row.amount, commissionRates.get(row.memberId)),
    }))
    .sort((a, b) => b.month.localeCompare(a.month) || compareRials(b.amount, a.amount) || a.memberId.localeCompare(b.memberId));
}

/** The Jalali months from `months - 1` before the given one up to it, oldest first (`1404-07`). */
export function lastMonths(current: string, months: number): string[] {
  let [year, month] = current.split('-').map(Number) as [number, number];
  const out: string[] = [];
  for (let i = 0; i < months; i++) {
    out.unshift(`${year}-${String(month).padStart(2, '0')}`);
    month--;
    if (month === 0) {
      month = 12;
      year--;
    }
  }
  return out;
}

/** An agent's month as it travels (the server's answer, and the device's own for the same screen). */
export type AgentMonthFigures = Omit<AgentMonth, 'amount' | 'commission'> & { amount: Rials; commission: Rials };

/** `agentMonths` of the sales closed from `from` to `to` (days, both included), as they travel. */
export function agentPerformance(
  sales: readonly SaleRow[],
  commissionRates: ReadonlyMap<string, unknown>,
  from: string,
  to: string,
): AgentMonthFigures[] {
  const closed = sales.filter((s) => typeof s.closedOn === 'string' && s.closedOn >= from && s.closedOn <= to);
  return agentMonths(closed, commissionRates).map((m) => ({ ...m, amount: wireRials(m.amount), commission: wireRials(m.commission) }));
}
