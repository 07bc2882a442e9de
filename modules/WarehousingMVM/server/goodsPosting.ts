/**
 * Goods moved for another module's document (decision 043): accounting's invoices take goods out
 * of stock (a sale, a purchase return) or bring them in (a purchase, a sales return) through this
 * typed command instead of making a warehousing receipt, so the books are posted once, by the
 * invoice, with the values these moves give. The rules are warehousing's own (stockPosting.ts):
 * the bin must be of the line's warehouse, batches where the product needs them, goods out at the
 * moving-average cost, refused with the shortfall named unless the warehouse allows negative stock;
 * a cancel appends the exact opposite of the document's moves. Stock moves carry the document's
 * entity key as their source; warehousing's books audit leaves other modules' moves to their
 * module's audit, which reads their values here (`goodsValuesOf`).
 */
import type { Line } from '../../../src/contract/entity.ts';
import { fitsMoney, rials } from '../../../src/contract/money.ts';
import { negateQuantity, type Quantity } from '../../../src/contract/quantity.ts';
import { findRows, overflow, stableId, type Queryable, type WriteContext } from '../../../server/moduleApi.ts';
import { StockMove } from '../entities/stock.ts';
import { checkLines, postStock, reversalOf, type StockChange } from './stockPosting.ts';

/** One line of goods to move: its product, place, quantity (positive) and, coming in, its value. */
export interface GoodsLine {
  /** The document line's id: the move's id is made of it. */
  lineId: string;
  /** Where a refusal points on the document (`lines.2`). */
  field: string;
  productId: string;
  warehouseId: string;
  locationId: string | null;
  batch?: string | null;
  expiry?: string | null;
  /** Positive; the direction is the command's. */
  quantity: Quantity;
  /** Coming in: the rials the goods cost (exact); going out it is ignored (the average cost is taken). */
  value: bigint;
}

export interface GoodsDocument {
  /** `<Module>/<Entity>` of the document, recorded on its moves. */
  type: string;
  id: string;
  number: string | null;
  date: string;
}

/** What each line's move was worth, signed (goods in positive, out negative), by line id. */
export type GoodsValues = Map<string, bigint>;

const moveId = (docId: string, lineId: string, step: string) => stableId('StockMove', docId, lineId, step);

/** Moves the lines' goods in (`in`) or out, in the caller's transaction; answers each line's value. */
export async function postGoods(
  ctx: WriteContext,
  doc: GoodsDocument,
  direction: 'in' | 'out',
  lines: readonly GoodsLine[],
): Promise<GoodsValues> {
  if (!lines.length) return new Map();
  for (const w of new Set(lines.map((l) => l.warehouseId))) {
    const ofWarehouse = lines.filter((l) => l.warehouseId === w);
    await checkLines(
      ctx,
      ofWarehouse.map((l) => ({ id: l.lineId, ...l }) as Line),
      { locationId: w },
      direction === 'in',
    );
  }
  const changes: StockChange[] = lines.map((l) => {
    if (direction === 'in' && !fitsMoney(l.value))
      throw overflow({ [`${l.field}.unitPrice`]: 'range' }, { entity: StockMove.key, field: 'value' });
    return {
      productId: l.productId,
      warehouseId: l.warehouseId,
      locationId: l.locationId,
      batch: l.batch ?? null,
      expiry: l.expiry ?? null,
      quantity: direction === 'in' ? l.quantity : negateQuantity(l.quantity),
      value: direction === 'in' ? l.value : 0n,
      lineId: l.lineId,
      line: l.field,
    };
  });
  await postStock(ctx, { id: doc.id, number: doc.number, date: doc.date, partyId: null } as never, 'submit', changes, doc.type);
  return new Map(changes.map((c) => [c.lineId, c.value]));
}

/** Appends the exact opposite of every move the document made (its cancel). */
export async function reverseGoods(ctx: WriteContext, doc: GoodsDocument): Promise<void> {
  const reversal = await reversalOf(ctx, doc.id);
  if (reversal.length)
    await postStock(ctx, { id: doc.id, number: doc.number, date: doc.date, partyId: null } as never, 'cancel', reversal, doc.type);
}

/** The values the submits of these documents' lines moved (for a books audit), by document id and line id. */
export async function goodsValuesOf(
  q: Queryable,
  panelId: string,
  docs: readonly { id: string; lineIds: readonly string[] }[],
): Promise<Map<string, GoodsValues>> {
  const ids = docs.flatMap((d) => d.lineIds.map((l) => moveId(d.id, l, 'submit')));
  const moves = new Map((await findRows(q, StockMove, panelId, ids)).filter((m) => !m.deleted).map((m) => [m.id, rials(m.value)]));
  return new Map(
    docs.map((d) => [
      d.id,
      new Map(
        d.lineIds.flatMap((l) => (moves.has(moveId(d.id, l, 'submit')) ? [[l, moves.get(moveId(d.id, l, 'submit'))!] as const] : [])),
      ),
    ]),
  );
}
