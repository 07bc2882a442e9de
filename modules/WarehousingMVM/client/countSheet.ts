/**
 * A stock count as the phones show it: the entries on this device (this phone's own, queued or
 * not, and those of the other phones pulled so far) summed by the shared rule, beside the stock
 * on hand of each counted place, and the name a phone signs its entries with.
 */
import { addQuantities, compareQuantities, subtractQuantity, ZERO, type Quantity } from '@/contract/quantity.ts';
import type { Row } from '@/contract/entity.ts';
import { countKey, mergeCountEntries, type CountEntryValues } from '../rules/countMerge.ts';

export interface CountRow {
  key: string;
  productId: string;
  locationId: string | null;
  batch: string | null;
  counted: Quantity;
  onHand: Quantity;
  difference: Quantity;
  entries: number;
}

/** Counted and on hand per place; with `zeroUncounted`, the places held but not counted too (at 0). */
export function countRows(
  entries: readonly CountEntryValues[],
  balances: readonly Row[],
  options: { locationId?: string | null; zeroUncounted?: boolean } = {},
): CountRow[] {
  const merged = mergeCountEntries(entries);
  const own = balances.filter((b) => !b.ownerId && b.inTransit !== true && (!options.locationId || b.locationId === options.locationId));
  const onHand = new Map<string, Row>();
  for (const b of own)
    onHand.set(countKey(String(b.productId), (b.locationId as string | null) ?? null, (b.batch as string | null) ?? null), b);
  const rows: CountRow[] = [];
  for (const c of merged.values()) {
    const held = String(onHand.get(c.key)?.quantity ?? ZERO);
    rows.push({
      key: c.key,
      productId: c.productId,
      locationId: c.locationId,
      batch: c.batch,
      counted: c.quantity,
      onHand: held,
      difference: subtractQuantity(c.quantity, held),
      entries: c.entries,
    });
  }
  if (options.zeroUncounted) {
    for (const [key, b] of onHand) {
      if (merged.has(key) || compareQuantities(b.quantity, ZERO) === 0) continue;
      const held = String(b.quantity);
      rows.push({
        key,
        productId: String(b.productId),
        locationId: (b.locationId as string | null) ?? null,
        batch: (b.batch as string | null) ?? null,
        counted: ZERO,
        onHand: held,
        difference: subtractQuantity(ZERO, held),
        entries: 0,
      });
    }
  }
  return rows;
}

/**
 * A submitted count: its differences are the adjustments it posted (its stock moves), and what was
 * expected is what was counted less them, however the stock has moved since. A place nobody
 * counted that was set to zero has a move and no entry.
 */
export function submittedCountRows(entries: readonly CountEntryValues[], moves: readonly Row[]): CountRow[] {
  const merged = mergeCountEntries(entries);
  const posted = new Map<string, { move: Row; quantity: Quantity }>();
  for (const m of moves) {
    const key = countKey(String(m.productId), (m.locationId as string | null) ?? null, (m.batch as string | null) ?? null);
    posted.set(key, { move: m, quantity: addQuantities(posted.get(key)?.quantity ?? ZERO, m.quantity) });
  }
  const rows: CountRow[] = [];
  for (const c of merged.values()) {
    // As the server counts it: a place taken back below zero was counted as none.
    const counted = compareQuantities(c.quantity, ZERO) < 0 ? ZERO : c.quantity;
    const difference = posted.get(c.key)?.quantity ?? ZERO;
    rows.push({
      key: c.key,
      productId: c.productId,
      locationId: c.locationId,
      batch: c.batch,
      counted,
      onHand: subtractQuantity(counted, difference),
      difference,
      entries: c.entries,
    });
  }
  for (const [key, { move, quantity }] of posted) {
    if (merged.has(key)) continue;
    rows.push({
      key,
      productId: String(move.productId),
      locationId: (move.locationId as string | null) ?? null,
      batch: (move.batch as string | null) ?? null,
      counted: ZERO,
      onHand: subtractQuantity(ZERO, quantity),
      difference: quantity,
      entries: 0,
    });
  }
  return rows;
}

const DEVICE_KEY = 'pishkhan.warehousing.countDevice';

/** A short name of this phone, kept, so people see whose entries are whose. */
export function deviceTag(): string {
  let tag = localStorage.getItem(DEVICE_KEY);
  if (!tag) {
    tag = Math.random().toString(36).slice(2, 6).toUpperCase();
    localStorage.setItem(DEVICE_KEY, tag);
  }
  return tag;
}
