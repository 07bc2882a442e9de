/**
 * The sales board's columns: the live sales of each stage, newest first, with their count and
 * value (net). A column shows only its first cards and more on request, so a board of thousands
 * of sales draws a few hundred cards at once. Moving by keyboard goes to the neighbouring stage.
 */
import { stages, type Stage } from '../entities/sale.ts';
import { isLive } from './salesFigures.ts';

type SaleRow = Readonly<Record<string, unknown>> & { id: string };

export interface BoardColumn<R extends SaleRow> {
  stage: Stage;
  count: number;
  value: number;
  cards: R[];
}

export const CARDS_AT_ONCE = 30;

export function boardColumns<R extends SaleRow>(sales: readonly R[]): BoardColumn<R>[] {
  const by = new Map<Stage, BoardColumn<R>>(stages.map((stage) => [stage, { stage, count: 0, value: 0, cards: [] }]));
  for (const sale of sales) {
    const column = by.get(sale.stage as Stage);
    if (!column || !isLive(sale)) continue;
    column.count++;
    column.value += typeof sale.net === 'number' ? sale.net : 0;
    column.cards.push(sale);
  }
  // Each sale's key worked out once, not at every comparison (a column may hold thousands).
  const keys = new Map(sales.map((r) => [r.id, `${typeof r.date === 'string' ? r.date : ''}|${r.id}`]));
  for (const column of by.values()) {
    column.cards.sort((a, b) => {
      const x = keys.get(a.id)!;
      const y = keys.get(b.id)!;
      return x < y ? 1 : x > y ? -1 : 0;
    });
  }
  return [...by.values()];
}

/** The stage beside this one: `step` 1 is the next in the pipeline, -1 the one before; none past the ends. */
export function neighbourStage(stage: Stage, step: 1 | -1): Stage | null {
  return stages[stages.indexOf(stage) + step] ?? null;
}

/** Only a draft moves; an invoiced (submitted) or cancelled sale stays where it is. */
export function movable(sale: SaleRow): boolean {
  return sale.status === 'draft' || sale.status === undefined;
}
