/**
 * Stock counts (warehousing.md): count entries are written once, only while their count is a
 * draft; the count's submit adds them up (rules/countMerge.ts, as the phones do) and posts, per
 * product × location × batch of the counted place, the difference from the stock on hand now as
 * an adjustment: gains valued at the moving-average cost (the purchase price when none is held),
 * losses leaving at it. Consignment and transit stock are not counted here.
 */
import { Code } from '../../../src/contract/codes.ts';
import type { Row } from '../../../src/contract/entity.ts';
import { compareQuantities, isZeroQuantity, lineAmount, subtractQuantity, unitCost, ZERO } from '../../../src/contract/quantity.ts';
import { rials } from '../../../src/contract/money.ts';
import {
  findRow,
  findRows,
  readBalances,
  RuleRejection,
  selectRows,
  type EntityHooks,
  type WriteContext,
} from '../../../server/moduleApi.ts';
import { Location, Product } from '../entities/masterData.ts';
import { CountEntry, StockCount } from '../entities/counts.ts';
import { StockBalance, StockValuation } from '../entities/stock.ts';
import { countKey, mergeCountEntries, type CountEntryValues } from '../rules/countMerge.ts';
import { balanceId, postStock, reversalOf, valuationId, type StockChange } from './stockPosting.ts';

const COUNT = 'WarehousingMVM/StockCount';

export const countEntryHooks: EntityHooks = {
  async beforeCreate(ctx, _id, values) {
    const count = await findRow(ctx.tx, StockCount, ctx.access.id, String(values.countId));
    if (count?.status !== 'draft') throw new RuleRejection(Code.NotPossibleNow, { countId: 'reference' });
    const locationId = typeof values.locationId === 'string' ? values.locationId : null;
    if (count.locationId && locationId !== count.locationId) throw new RuleRejection(Code.IdNotRegistered, { locationId: 'reference' });
    if (locationId && (await findRow(ctx.tx, Location, ctx.access.id, locationId))?.warehouseId !== count.warehouseId) {
      throw new RuleRejection(Code.IdNotRegistered, { locationId: 'reference' });
    }
    return values;
  },
  async beforeUpdate() {
    throw new RuleRejection(Code.NotPossibleNow);
  },
  async beforeDelete() {
    throw new RuleRejection(Code.NotPossibleNow);
  },
};

/** The adjustments a count posts: counted minus on hand, for every counted place (and, if asked, every uncounted one in scope). */
async function countChanges(ctx: WriteContext, doc: Row): Promise<StockChange[]> {
  const warehouseId = String(doc.warehouseId);
  const onlyLocation = typeof doc.locationId === 'string' ? doc.locationId : null;
  const entries = await selectRows(ctx.tx, CountEntry, ctx.access.id, (p) => `count_id = $${p.push(doc.id)}`);
  const counted = mergeCountEntries(entries as unknown as CountEntryValues[]);
  const inScope = (await selectRows(ctx.tx, StockBalance, ctx.access.id, (p) => `warehouse_id = $${p.push(warehouseId)}`)).filter(
    (b) => !b.ownerId && b.inTransit !== true && (!onlyLocation || b.locationId === onlyLocation),
  );
  const places = new Map<
    string,
    { productId: string; locationId: string | null; batch: string | null; expiry: string | null; counted: string }
  >();
  for (const c of counted.values()) places.set(c.key, { ...c, counted: compareQuantities(c.quantity, ZERO) < 0 ? ZERO : c.quantity });
  if (doc.zeroUncounted === true) {
    for (const b of inScope) {
      const key = countKey(String(b.productId), (b.locationId as string | null) ?? null, (b.batch as string | null) ?? null);
      if (!places.has(key))
        places.set(key, {
          productId: String(b.productId),
          locationId: (b.locationId as string | null) ?? null,
          batch: (b.batch as string | null) ?? null,
          expiry: (b.expiry as string | null) ?? null,
          counted: ZERO,
        });
    }
  }
  const onHand = new Map(inScope.map((b) => [b.id, String(b.quantity ?? ZERO)]));
  const changes: StockChange[] = [];
  for (const [key, p] of places) {
    const change = { ...p, warehouseId };
    const difference = subtractQuantity(p.counted, onHand.get(balanceId(change)) ?? ZERO);
    if (!isZeroQuantity(difference)) changes.push({ ...change, quantity: difference, value: 0n, lineId: key });
  }
  await valueGains(ctx, changes);
  return changes;
}

/** Stock found that was not on the books comes in at the moving-average cost, or the purchase price when none is held. */
async function valueGains(ctx: WriteContext, changes: StockChange[]): Promise<void> {
  const gains = changes.filter((c) => compareQuantities(c.quantity, ZERO) > 0);
  if (!gains.length) return;
  const valuations = new Map((await readBalances(ctx, StockValuation, gains.map(valuationId))).map((v) => [v.id, v]));
  const products = new Map(
    (
      await findRows(
        ctx.tx,
        Product,
        ctx.access.id,
        gains.map((c) => c.productId),
      )
    ).map((p) => [p.id, p]),
  );
  for (const c of gains) {
    const held = valuations.get(valuationId(c));
    const average =
      held && !isZeroQuantity(held.quantity) ? unitCost(held.value, held.quantity) : rials(products.get(c.productId)?.purchasePrice);
    c.value = lineAmount(c.quantity, average > 0n ? average : 0n);
  }
}

export const stockCountHooks: EntityHooks = {
  async onSubmit(ctx, doc) {
    await postStock(ctx, doc, 'submit', await countChanges(ctx, doc), COUNT);
  },
  async onCancel(ctx, doc) {
    await postStock(ctx, doc, 'cancel', await reversalOf(ctx, doc.id), COUNT);
  },
};
