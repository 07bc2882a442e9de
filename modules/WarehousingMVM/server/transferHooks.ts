/**
 * Transfers (warehousing.md): within one warehouse the submit moves each line from bin to bin;
 * between warehouses it dispatches them (out of the source, in transit to the destination) and
 * the arrival's submit takes them out of transit into the bins they were put in. What arrived may
 * differ from what left: the goods that came carry the dispatched value pro rata, and the moves
 * record the difference. A transfer already received is not cancelled before its arrival is.
 */
import { Code } from '../../../src/contract/codes.ts';
import type { Line, Row } from '../../../src/contract/entity.ts';
import { addQuantities, negateQuantity, toThousandths, ZERO } from '../../../src/contract/quantity.ts';
import { rials } from '../../../src/contract/money.ts';
import { findRow, RuleRejection, setServerFields, type EntityHooks, type WriteContext } from '../../../server/moduleApi.ts';
import { Transfer } from '../entities/movements.ts';
import { checkLines, movesOf, postStock, reversalOf, type StockChange } from './stockPosting.ts';

const TRANSFER = 'WarehousingMVM/Transfer';
const ARRIVAL = 'WarehousingMVM/TransferArrival';

const text = (v: unknown) => (typeof v === 'string' && v ? v : null);

function transferChanges(doc: Row): StockChange[] {
  const from = String(doc.fromWarehouseId);
  const to = String(doc.toWarehouseId);
  const between = from !== to;
  return (doc.lines as Line[]).flatMap((line) => {
    const place = { productId: String(line.productId), batch: text(line.batch), expiry: text(line.expiry) };
    const out: StockChange = {
      ...place,
      warehouseId: from,
      locationId: text(line.fromLocationId),
      quantity: negateQuantity(line.quantity),
      value: 0n,
      lineId: `${line.id}:out`,
    };
    const into: StockChange = {
      ...place,
      warehouseId: to,
      locationId: between ? null : text(line.toLocationId),
      inTransit: between,
      quantity: String(line.quantity),
      value: 0n,
      lineId: `${line.id}:in`,
      valueFrom: out,
    };
    return [out, into];
  });
}

export const transferHooks: EntityHooks = {
  async onSubmit(ctx, doc) {
    await checkLines(ctx, doc.lines as Line[], { fromLocationId: String(doc.fromWarehouseId), toLocationId: String(doc.toWarehouseId) });
    await postStock(ctx, doc, 'submit', transferChanges(doc), TRANSFER);
  },
  async onCancel(ctx, doc) {
    if (doc.arrivalId) throw new RuleRejection(Code.NotPossibleNow, { arrivalId: 'reference' });
    await postStock(ctx, doc, 'cancel', await reversalOf(ctx, doc.id), TRANSFER);
  },
};

const groupKey = (productId: unknown, batch: unknown) => `${String(productId)}|${text(batch) ?? ''}`;

/** Splits `value` over `parts` pro rata to their thousandths, the last part taking what rounding leaves when the parts add up to `whole`. */
function proRata(value: bigint, whole: bigint, parts: readonly bigint[]): bigint[] {
  const shares = parts.map((p) => (whole === 0n ? 0n : (value * p * 2n + whole) / (whole * 2n)));
  if (parts.reduce((a, b) => a + b, 0n) === whole && shares.length)
    shares[shares.length - 1]! += value - shares.reduce((a, b) => a + b, 0n);
  return shares;
}

async function arrivalChanges(ctx: WriteContext, doc: Row, transfer: Row): Promise<StockChange[]> {
  const dispatched = (await movesOf(ctx, transfer.id)).filter((m) => m.inTransit === true);
  const groups = new Map<string, { quantity: bigint; value: bigint }>();
  const changes: StockChange[] = dispatched.map((m) => {
    const g = groups.get(groupKey(m.productId, m.batch)) ?? { quantity: 0n, value: 0n };
    groups.set(groupKey(m.productId, m.batch), {
      quantity: g.quantity + (toThousandths(m.quantity) ?? 0n),
      value: g.value + rials(m.value),
    });
    return {
      productId: String(m.productId),
      warehouseId: String(m.warehouseId),
      locationId: null,
      batch: text(m.batch),
      expiry: text(m.expiry),
      inTransit: true,
      quantity: negateQuantity(m.quantity),
      value: -rials(m.value),
      lineId: `${m.id}:transit`,
    };
  });
  const lines = (doc.lines as Line[]).filter((l) => (toThousandths(l.quantity) ?? 0n) > 0n);
  const byGroup = new Map<string, Line[]>();
  for (const line of lines)
    byGroup.set(groupKey(line.productId, line.batch), [...(byGroup.get(groupKey(line.productId, line.batch)) ?? []), line]);
  for (const [key, group] of byGroup) {
    const sent = groups.get(key) ?? { quantity: 0n, value: 0n };
    const values = proRata(
      sent.value,
      sent.quantity,
      group.map((l) => toThousandths(l.quantity) ?? 0n),
    );
    group.forEach((line, i) =>
      changes.push({
        productId: String(line.productId),
        warehouseId: String(transfer.toWarehouseId),
        locationId: text(line.locationId),
        batch: text(line.batch),
        expiry: text(line.expiry),
        quantity: addQuantities(line.quantity, ZERO),
        value: values[i]!,
        lineId: line.id,
      }),
    );
  }
  return changes;
}

export const arrivalHooks: EntityHooks = {
  async onSubmit(ctx, doc) {
    const transfer = await findRow(ctx.tx, Transfer, ctx.access.id, String(doc.transferId));
    if (!transfer || transfer.status !== 'submitted' || transfer.fromWarehouseId === transfer.toWarehouseId)
      throw new RuleRejection(Code.NotPossibleNow, { transferId: 'reference' });
    if (transfer.arrivalId && transfer.arrivalId !== doc.id) throw new RuleRejection(Code.NotPossibleNow, { transferId: 'unique' });
    await checkLines(ctx, doc.lines as Line[], { locationId: String(transfer.toWarehouseId) });
    await postStock(ctx, doc, 'submit', await arrivalChanges(ctx, doc, transfer), ARRIVAL);
    await setServerFields(ctx, Transfer, transfer.id, { arrivalId: doc.id });
  },
  async onCancel(ctx, doc) {
    await postStock(ctx, doc, 'cancel', await reversalOf(ctx, doc.id), ARRIVAL);
    await setServerFields(ctx, Transfer, String(doc.transferId), { arrivalId: null });
  },
};
