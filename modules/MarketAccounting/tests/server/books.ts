/** What the accounting tests share: stepping documents, and reading the books as the server keeps them. */
import { entityPath, type EntityListResponse, type Entity, type Row } from '../../../../src/contract/entity.ts';
import { rest, type PanelCaller } from '../../../../tests/server/panelsFixture.ts';
import { AccountBalance, JournalLine } from '../../entities/ledger.ts';
import { accountId } from '../../server/books.ts';
import { standardChart } from '../../server/standardChart.ts';

export const code = (c: string) => accountId(c);
export const roleCode = (role: string) => standardChart.find((a) => a.role === role)!.code;

export async function step(panel: PanelCaller, entity: Entity, id: string, what: 'submit' | 'cancel') {
  const current = await panel.call<Row>(rest.get(entity, id));
  return panel.call<Row>(
    { method: 'POST', path: `${entityPath(entity)}/${id}/${what}` },
    { body: { version: current.body.data!.version } },
  );
}

export async function allRows(panel: PanelCaller, entity: Entity, query: Record<string, string> = {}): Promise<Row[]> {
  const out: Row[] = [];
  for (let page = 1; ; page++) {
    const list = await panel.call<EntityListResponse>(rest.list(entity), { query: { ...query, page: String(page), pageSize: '500' } });
    out.push(...list.body.data!.items);
    if (out.length >= list.body.data!.total || !list.body.data!.items.length) return out;
  }
}

/** Debit − credit per account code (or per party), from the balances. */
export async function balances(panel: PanelCaller): Promise<Row[]> {
  return allRows(panel, AccountBalance);
}

export async function journal(panel: PanelCaller, query: Record<string, string> = {}): Promise<Row[]> {
  return allRows(panel, JournalLine, query);
}

export function net(rows: readonly Row[], pick: (r: Row) => boolean = () => true): number {
  return rows.filter(pick).reduce((s, r) => s + Number(r.debit) - Number(r.credit), 0);
}

/** A refusal as one object: its code, and the fields and detail the answer carries. */
export function refusal(answer: { body: { errorData?: { code?: number } | null; data?: unknown } }): Record<string, unknown> {
  return { code: answer.body.errorData?.code, ...((answer.body.data as Record<string, unknown> | null) ?? {}) };
}
