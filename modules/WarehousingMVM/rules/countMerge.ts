/**
 * How the entries of a stock count add up, on the phones and on the server alike: every entry is a
 * row of its own (one scan, or a typed count), so merging is a sum per product × location × batch,
 * each entry counted once by its id however many times it was synced or read. Nothing is ever
 * overwritten, so no phone's counts are lost and none counted twice.
 */
import { fromThousandths, toThousandths, type Quantity } from '../../../src/contract/quantity.ts';

export interface CountEntryValues {
  id: string;
  productId?: unknown;
  locationId?: unknown;
  batch?: unknown;
  expiry?: unknown;
  quantity?: unknown;
  deleted?: unknown;
}

export interface CountedPlace {
  key: string;
  productId: string;
  locationId: string | null;
  batch: string | null;
  expiry: string | null;
  quantity: Quantity;
  /** How many entries made it. */
  entries: number;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** The key of a counted place, the same as the balance it is compared with. */
export function countKey(productId: string, locationId: string | null, batch: string | null): string {
  return `${productId}|${locationId ?? ''}|${batch ?? ''}`;
}

/** The entries summed per product × location × batch; an id seen twice counts once. */
export function mergeCountEntries(entries: Iterable<CountEntryValues>): Map<string, CountedPlace> {
  const seen = new Set<string>();
  const sums = new Map<string, { place: CountedPlace; thousandths: bigint }>();
  for (const entry of entries) {
    if (entry.deleted || seen.has(entry.id)) continue;
    seen.add(entry.id);
    const productId = text(entry.productId);
    const quantity = toThousandths(entry.quantity);
    if (!productId || quantity === null) continue;
    const locationId = text(entry.locationId);
    const batch = text(entry.batch);
    const key = countKey(productId, locationId, batch);
    let sum = sums.get(key);
    if (!sum)
      sums.set(
        key,
        (sum = {
          place: { key, productId, locationId, batch, expiry: text(entry.expiry), quantity: '0.000', entries: 0 },
          thousandths: 0n,
        }),
      );
    sum.thousandths += quantity;
    sum.place.entries++;
    if (!sum.place.expiry) sum.place.expiry = text(entry.expiry);
  }
  const out = new Map<string, CountedPlace>();
  for (const [key, { place, thousandths }] of sums) out.set(key, { ...place, quantity: fromThousandths(thousandths) });
  return out;
}
