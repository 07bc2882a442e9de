/**
 * Which warehouse the counter sale takes goods from, and which cash box and bank account take the
 * money (decision 043), remembered on this device per panel: a counter PC and the phone beside it
 * may sell from different stores. What was chosen and is gone or inactive falls back to the first
 * active one, as it does when nothing was chosen.
 */
import { useState } from 'react';
import type { LocalRow } from '@/moduleKit.ts';

export const COUNTER_CHOICES_KEY = 'pishkhan.MarketAccounting.counterSale';

export type CounterChoice = 'warehouseId' | 'cashBoxId' | 'bankAccountId';
type Choices = Partial<Record<CounterChoice, string>>;

const keyOf = (panelCode: string) => `${COUNTER_CHOICES_KEY}.${panelCode}`;

function read(panelCode: string): Choices {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(keyOf(panelCode)) ?? '{}');
    return stored && typeof stored === 'object' ? (stored as Choices) : {};
  } catch {
    return {};
  }
}

/** The rows that may be chosen: not deleted, not inactive. */
export const activeRows = (rows: LocalRow[] | undefined) => (rows ?? []).filter((r) => !r.deleted && r.active !== false);

/** The row chosen, while it is there and active; otherwise the first active one. */
export function chosenRow(rows: LocalRow[] | undefined, id: string | undefined): LocalRow | undefined {
  const live = activeRows(rows);
  return live.find((r) => r.id === id) ?? live[0];
}

/** The chosen row of each kind (or the first active one) and a way to choose, kept for next time. */
export function useCounterChoices(panelCode: string | undefined) {
  const [chosen, setChosen] = useState<Choices>(() => (panelCode ? read(panelCode) : {}));
  const pick = (rows: LocalRow[] | undefined, which: CounterChoice) => chosenRow(rows, chosen[which]);
  const choose = (which: CounterChoice, id: string) => {
    const next = { ...chosen, [which]: id };
    setChosen(next);
    if (panelCode) localStorage.setItem(keyOf(panelCode), JSON.stringify(next));
  };
  return { pick, choose };
}
