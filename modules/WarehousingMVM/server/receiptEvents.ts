/**
 * What warehousing publishes of a receipt (decision 033): its direction, whether it is opening
 * stock, its party and the value of the stock its submit moved, per line and in total, as exact
 * signed rials (goods in positive, goods out negative at the moving-average cost). Built from
 * warehousing's own rows, the submit's stock moves, so the payload of a cancel is the same as that
 * of its submit: what a follower reverses.
 */
import { rials } from '../../../src/contract/money.ts';
import type { Line, Row } from '../../../src/contract/entity.ts';
import { defineDocumentEvent, findRows, stableId, type PublishScope } from '../../../server/moduleApi.ts';
import { Party } from '../entities/masterData.ts';
import { Receipt, StockMove } from '../entities/stock.ts';

/** Who the goods came from or went to, as a follower may mirror them. */
export interface ReceiptParty {
  /** The entity the party is a row of (a follower's mirror keeps it with the id). */
  entity: string;
  id: string;
  /** Its name, or null when it has none. */
  name: string | null;
}

export interface ReceiptLineValue {
  lineId: string;
  productId: string;
  /** Signed rials the line's submit moved. */
  value: bigint;
}

export interface ReceiptEvent {
  id: string;
  number: string | null;
  /** The receipt's date (YYYY-MM-DD). */
  date: string;
  direction: 'in' | 'out';
  /** Opening stock: goods in from nobody, the business's before the books began. */
  opening: boolean;
  party: ReceiptParty | null;
  lines: ReceiptLineValue[];
  /** The sum of the lines' values. */
  value: bigint;
}

const submitMoveId = (doc: Row, line: Line) => stableId('StockMove', doc.id, line.id, 'submit');

async function buildReceiptEvents({ q, panelId }: PublishScope, docs: readonly Row[]): Promise<ReceiptEvent[]> {
  const moveIds = docs.flatMap((doc) => (doc.lines as Line[]).map((l) => submitMoveId(doc, l)));
  const moves = new Map((await findRows(q, StockMove, panelId, moveIds)).filter((m) => !m.deleted).map((m) => [m.id, rials(m.value)]));
  const partyIds = [...new Set(docs.flatMap((doc) => (typeof doc.partyId === 'string' && doc.partyId ? [doc.partyId] : [])))];
  const parties = new Map((await findRows(q, Party, panelId, partyIds)).map((p) => [p.id, p]));
  return docs.map((doc) => {
    const lines = (doc.lines as Line[]).map((l) => ({
      lineId: l.id,
      productId: String(l.productId),
      value: moves.get(submitMoveId(doc, l)) ?? 0n,
    }));
    const partyId = typeof doc.partyId === 'string' && doc.partyId ? doc.partyId : null;
    const name = partyId ? parties.get(partyId)?.name : null;
    return {
      id: doc.id,
      number: (doc.number as string | null) ?? null,
      date: String(doc.date),
      direction: doc.direction === 'out' ? 'out' : 'in',
      opening: doc.opening === true,
      party: partyId ? { entity: Party.key, id: partyId, name: typeof name === 'string' && name ? name : null } : null,
      lines,
      value: lines.reduce((sum, l) => sum + l.value, 0n),
    };
  });
}

/** A receipt submitted or cancelled. */
export const receiptEvents = defineDocumentEvent(Receipt, buildReceiptEvents);
