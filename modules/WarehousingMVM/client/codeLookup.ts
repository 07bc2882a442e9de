/**
 * What a scanned or typed code names on this device: a product (by one of its barcodes, or its
 * code) or a location (by the code on its label), read through indexes, so a scan turns into a
 * line at once even with thousands of products. And how a scan changes a document's lines: the
 * same product at the same place adds one to its line, anything else opens a line of its own.
 */
import { cleanCode } from '@/contract/normalize.ts';
import { rowByCode, type LineValues, type LocalRow, type PanelDb } from '@/moduleKit.ts';
import { addQuantities, normalizeQuantity } from '@/contract/quantity.ts';
import { Location, Product } from '../entities/masterData.ts';

/** What names a product, in the order a code is tried: one of its barcodes, then its own code. */
const PRODUCT_CODES = ['barcodes', 'code'] as const;

export type CodeMatch = { kind: 'product'; row: LocalRow } | { kind: 'location'; row: LocalRow } | { kind: 'unknown'; code: string };

/** The product or location a code names; locations only of `warehouseId` when given. */
export async function lookupCode(
  db: PanelDb,
  raw: string,
  options: { warehouseId?: string | null; want?: 'product' | 'location' | 'both' } = {},
): Promise<CodeMatch> {
  const code = cleanCode(raw);
  const want = options.want ?? 'both';
  if (!code) return { kind: 'unknown', code };
  if (want !== 'location') {
    const product = await rowByCode(db, Product, PRODUCT_CODES, code);
    if (product) return { kind: 'product', row: product };
  }
  if (want !== 'product') {
    const locations = await db.rows(Location).where('code').equals(code).toArray();
    const location = locations.find((l) => !l.deleted && (!options.warehouseId || l.warehouseId === options.warehouseId));
    if (location) return { kind: 'location', row: location };
  }
  return { kind: 'unknown', code };
}

/** A line is blank when nobody has filled anything in (the spare line at the end). */
function isBlank(line: LineValues): boolean {
  return Object.entries(line).every(([name, v]) => name === 'id' || v === null || v === '' || v === false || v === undefined);
}

/**
 * The lines after one scan of `productId` (at `place`, the line fields naming where): one more on
 * the line of the same product and place, else a new line with 1, taking the spare blank line.
 */
export function addScanToLines(
  lines: readonly LineValues[],
  productId: string,
  place: Record<string, string | null>,
  quantityField = 'quantity',
  newLine: () => LineValues,
): LineValues[] {
  const same = lines.findIndex((l) => l.productId === productId && Object.entries(place).every(([f, v]) => (l[f] ?? null) === v));
  if (same >= 0) {
    const current = normalizeQuantity(lines[same]![quantityField]) ?? '0';
    return lines.map((l, i) => (i === same ? { ...l, [quantityField]: addQuantities(current, '1').replace(/\.000$/, '') } : l));
  }
  const filled = lines.filter((l) => !isBlank(l));
  return [...filled, { ...newLine(), productId, ...place, [quantityField]: '1' }, newLine()];
}
