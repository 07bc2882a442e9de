/**
 * Posting stock (warehousing.md): a submitted receipt appends one stock move per line and changes
 * the balance of each product × warehouse × location × batch and the valuation of each product ×
 * warehouse, in the submit's transaction under the panel's write lock, so what it checks (stock on
 * hand now) still holds when it writes. Goods in raise the moving-average cost; goods out leave at
 * it. A cancel appends the exact opposite of the document's moves. Nothing takes stock below zero
 * unless the warehouse allows it: the refusal names each product, place and shortfall.
 */
import { Code } from '../../../src/contract/codes.ts';
import type { Line, Row } from '../../../src/contract/entity.ts';
import {
  addQuantities,
  compareQuantities,
  isZeroQuantity,
  lineAmount,
  negateQuantity,
  subtractQuantity,
  unitCost,
  ZERO,
  type Quantity,
} from '../../../src/contract/quantity.ts';
import { fitsMoney, rials } from '../../../src/contract/money.ts';
import {
  adjustBalances,
  appendLedger,
  findRows,
  overflow,
  readBalances,
  RuleRejection,
  stableId,
  type BalanceChange,
  type WriteContext,
} from '../../../server/moduleApi.ts';
import { Location, Product, Warehouse } from '../entities/masterData.ts';
import { StockBalance, StockMove, StockValuation } from '../entities/stock.ts';
import { batchProblems } from '../rules/batchRule.ts';

/** One change of stock at one place: what a line posts, or the reversal of a move. */
export interface StockChange {
  productId: string;
  warehouseId: string;
  locationId: string | null;
  batch: string | null;
  expiry: string | null;
  /** Signed: positive in, negative out. */
  quantity: Quantity;
  /** Signed rials, exact; for goods out, filled in at the average cost. */
  value: bigint;
  lineId: string;
  /** The document's line behind it (`lines.2`): a quantity or value that would not fit is refused naming it. */
  line?: string;
  /** The consignor who owns it (consignment stock: kept apart, not valued as ours). */
  ownerId?: string | null;
  /** Dispatched to this warehouse and not yet received. */
  inTransit?: boolean;
  /** Comes in with the value the given change took out (a transfer's far end). */
  valueFrom?: StockChange;
}

/** A place that would go below zero, for the screens to name. */
export interface Shortfall {
  productId: string;
  warehouseId: string;
  locationId: string | null;
  batch: string | null;
  ownerId: string | null;
  needed: Quantity;
  available: Quantity;
  short: Quantity;
}

/** Own stock on a shelf keeps the id it always had; consignment and transit stock are balances of their own. */
export const balanceId = (c: Pick<StockChange, 'productId' | 'warehouseId' | 'locationId' | 'batch' | 'ownerId' | 'inTransit'>) =>
  c.ownerId || c.inTransit
    ? stableId('StockBalance', c.productId, c.warehouseId, c.locationId, c.batch, c.ownerId ?? null, c.inTransit ? 'transit' : null)
    : stableId('StockBalance', c.productId, c.warehouseId, c.locationId, c.batch);
export const valuationId = (c: Pick<StockChange, 'productId' | 'warehouseId'>) => stableId('StockValuation', c.productId, c.warehouseId);

/**
 * Checks a document's lines against the master data: a product tracked by batch needs its batch
 * (and its expiry, coming in, when it expires: rules/batchRule.ts), and each named location must
 * be one of the warehouse given for that field.
 */
export async function checkLines(
  ctx: WriteContext,
  lines: readonly Line[],
  places: Record<string, string>,
  incoming = false,
): Promise<void> {
  const products = new Map(
    (await findRows(ctx.tx, Product, ctx.access.id, [...new Set(lines.map((l) => String(l.productId)))])).map((p) => [p.id, p]),
  );
  const ids = lines.flatMap((l) => Object.keys(places).flatMap((f) => (typeof l[f] === 'string' ? [String(l[f])] : [])));
  const locations = new Map((await findRows(ctx.tx, Location, ctx.access.id, [...new Set(ids)])).map((p) => [p.id, p]));
  const fields: Record<string, 'required' | 'reference'> = {};
  lines.forEach((line, i) => {
    for (const [field, problem] of Object.entries(batchProblems(products.get(String(line.productId)), line, incoming)))
      fields[`lines.${i}.${field}`] = problem;
    for (const [field, warehouseId] of Object.entries(places)) {
      if (line[field] && locations.get(String(line[field]))?.warehouseId !== warehouseId) fields[`lines.${i}.${field}`] = 'reference';
    }
  });
  if (Object.keys(fields).some((f) => fields[f] === 'reference')) throw new RuleRejection(Code.IdNotRegistered, fields);
  if (Object.keys(fields).length) throw new RuleRejection(Code.BadRequest, fields);
}

/** The lines of a receipt as stock changes, after the lines are checked against the master data. */
export async function changesOfLines(ctx: WriteContext, doc: Row, sign: 1 | -1, ownerId: string | null = null): Promise<StockChange[]> {
  const lines = doc.lines as Line[];
  const warehouseId = String(doc.warehouseId);
  await checkLines(ctx, lines, { locationId: warehouseId }, sign > 0);
  return lines.map((line, i) => {
    const quantity = String(line.quantity);
    const value = sign > 0 && !ownerId ? lineAmount(quantity, line.unitPrice ?? 0) : 0n;
    if (!fitsMoney(value)) throw overflow({ [`lines.${i}.unitPrice`]: 'range' }, { entity: StockMove.key, field: 'value' });
    return {
      productId: String(line.productId),
      warehouseId,
      locationId: (line.locationId as string | null) ?? null,
      batch: (line.batch as string | null) ?? null,
      expiry: (line.expiry as string | null) ?? null,
      quantity: sign > 0 ? quantity : negateQuantity(quantity),
      value,
      lineId: line.id,
      line: `lines.${i}`,
      ownerId,
    };
  });
}

/** Refuses changes that would leave a place below zero, unless the warehouse allows negative stock. */
async function checkOnHand(ctx: WriteContext, changes: readonly StockChange[]): Promise<void> {
  const outgoing = changes.filter((c) => compareQuantities(c.quantity, ZERO) < 0);
  // Stock in transit is taken out only by what put it there (its arrival), never below zero.
  if (!outgoing.length) return;
  const warehouses = new Map(
    (await findRows(ctx.tx, Warehouse, ctx.access.id, [...new Set(outgoing.map((c) => c.warehouseId))])).map((w) => [w.id, w]),
  );
  const needed = new Map<string, StockChange & { needed: Quantity }>();
  for (const c of changes) {
    const key = balanceId(c);
    const seen = needed.get(key);
    needed.set(key, { ...c, needed: addQuantities(seen?.needed ?? ZERO, negateQuantity(c.quantity)) });
  }
  const onHand = new Map((await readBalances(ctx, StockBalance, [...needed.keys()])).map((b) => [b.id, String(b.quantity ?? ZERO)]));
  const shortfalls: Shortfall[] = [];
  for (const [key, c] of needed) {
    if ((!c.inTransit && warehouses.get(c.warehouseId)?.allowsNegativeStock) || compareQuantities(c.needed, ZERO) <= 0) continue;
    const available = onHand.get(key) ?? ZERO;
    if (compareQuantities(available, c.needed) < 0) {
      shortfalls.push({
        productId: c.productId,
        warehouseId: c.warehouseId,
        locationId: c.locationId,
        batch: c.batch,
        ownerId: c.ownerId ?? null,
        needed: c.needed,
        available,
        short: subtractQuantity(c.needed, available),
      });
    }
  }
  if (shortfalls.length) throw new RuleRejection(Code.NotPossibleNow, undefined, { detail: { shortfalls } });
}

/** Goods out leave at the moving-average cost of their product in their warehouse; the last units take what value is left. */
async function valueOutgoing(ctx: WriteContext, changes: StockChange[]): Promise<void> {
  const out = changes.filter((c) => !c.ownerId && compareQuantities(c.quantity, ZERO) < 0 && c.value === 0n);
  if (!out.length) return;
  const valuations = new Map((await readBalances(ctx, StockValuation, out.map(valuationId))).map((v) => [v.id, v]));
  const byValuation = new Map<string, StockChange[]>();
  for (const c of out) byValuation.set(valuationId(c), [...(byValuation.get(valuationId(c)) ?? []), c]);
  for (const [id, group] of byValuation) {
    const held = valuations.get(id);
    const quantity = String(held?.quantity ?? ZERO);
    const value = rials(held?.value);
    const average = unitCost(value, quantity);
    for (const c of group) c.value = -lineAmount(negateQuantity(c.quantity), average);
    const taken = group.reduce((sum, c) => addQuantities(sum, negateQuantity(c.quantity)), ZERO);
    // Emptied: the rounding left over goes with the last line, so value and quantity reach zero together.
    if (compareQuantities(taken, quantity) === 0) group.at(-1)!.value -= value + group.reduce((sum, c) => sum + c.value, 0n);
  }
}

/** A change's quantity and value as the fields of its document's line, for a refusal to name. */
function originOf(c: StockChange): Record<string, string> | undefined {
  return c.line ? { quantity: `${c.line}.quantity`, value: `${c.line}.unitPrice` } : undefined;
}

/** Appends the moves and changes the balances and valuations of `changes`, all in the caller's transaction. */
export async function postStock(
  ctx: WriteContext,
  doc: Row,
  step: 'submit' | 'cancel',
  changes: StockChange[],
  sourceType = 'WarehousingMVM/Receipt',
): Promise<void> {
  await checkOnHand(ctx, changes);
  // A cancel's reversal carries the exact opposite values already: goods in that came at no value
  // go back out at none, not at the average cost as if they were an issue.
  if (step === 'submit') {
    await valueOutgoing(ctx, changes);
    for (const c of changes) if (c.valueFrom) c.value = -c.valueFrom.value;
  }
  const owned = changes.filter((c) => !c.ownerId);
  const date = String(doc.date ?? ctx.now.toISOString().slice(0, 10));
  await appendLedger(
    ctx,
    StockMove,
    changes.map((c) => ({
      id: stableId('StockMove', doc.id, c.lineId, step),
      origin: originOf(c),
      values: {
        date,
        productId: c.productId,
        warehouseId: c.warehouseId,
        locationId: c.locationId,
        batch: c.batch,
        expiry: c.expiry,
        quantity: c.quantity,
        value: c.value,
        ownerId: c.ownerId ?? null,
        inTransit: c.inTransit ?? false,
        partyId: doc.partyId ?? null,
        sourceType,
        sourceId: doc.id,
        sourceNumber: doc.number ?? null,
      },
    })),
  );
  const balances: BalanceChange[] = changes.map((c) => ({
    id: balanceId(c),
    key: {
      productId: c.productId,
      warehouseId: c.warehouseId,
      locationId: c.locationId,
      batch: c.batch,
      expiry: c.expiry,
      ownerId: c.ownerId ?? null,
      inTransit: c.inTransit ?? false,
    },
    add: { quantity: c.quantity },
    origin: originOf(c),
  }));
  await adjustBalances(ctx, StockBalance, balances);
  await adjustBalances(
    ctx,
    StockValuation,
    owned.map((c) => ({
      id: valuationId(c),
      key: { productId: c.productId, warehouseId: c.warehouseId },
      add: { quantity: c.quantity, value: c.value },
      origin: originOf(c),
    })),
  );
}

/** Every move a document posted (its submit's, and its cancel's if any). */
export async function movesOf(ctx: WriteContext, docId: string): Promise<Row[]> {
  const moves = await ctx.tx.query<{ id: string }>(`SELECT id FROM ${StockMove.table} WHERE panel_id = $1 AND source_id = $2`, [
    ctx.access.id,
    docId,
  ]);
  return findRows(
    ctx.tx,
    StockMove,
    ctx.access.id,
    moves.map((m) => m.id),
  );
}

/** The exact opposite of every move a document posted. */
export async function reversalOf(ctx: WriteContext, docId: string): Promise<StockChange[]> {
  const rows = await movesOf(ctx, docId);
  return rows
    .filter((m) => !isZeroQuantity(m.quantity))
    .map((m) => ({
      productId: String(m.productId),
      warehouseId: String(m.warehouseId),
      locationId: (m.locationId as string | null) ?? null,
      batch: (m.batch as string | null) ?? null,
      expiry: (m.expiry as string | null) ?? null,
      ownerId: (m.ownerId as string | null) ?? null,
      inTransit: m.inTransit === true,
      quantity: negateQuantity(m.quantity),
      value: -rials(m.value),
      lineId: m.id,
    }));
}
