/**
 * Labels (warehousing.md, ProductBarcodeMaker): what a label carries (a product's barcode, name,
 * code and price in the panel's money unit, or a location's code), its barcode drawn as SVG by src/ui/barcode (EAN-13,
 * Code 128 or QR), and the two label stocks: a 40×25 mm roll (one label a page) and an A4 sheet
 * of 3×8. Each distinct code is drawn once however many labels repeat it.
 */
import { code128Encodable, code128Svg, ean13Digits, ean13Svg, qrSvg } from '@/moduleKit.ts';
import type { Rials } from '@/contract/money.ts';

export type Symbology = 'ean13' | 'code128' | 'qrcode';
export type LabelStock = 'roll40x25' | 'a4x24';

export interface LabelContent {
  key: string;
  /** What the barcode encodes. */
  code: string;
  name: string;
  /** Shown under the name (the product's code, or the location's). */
  caption: string;
  /** Rials; shown in the panel's unit (decision 027). */
  price: Rials | null;
}

export interface StockSize {
  page: { width: number; height: number };
  columns: number;
  rows: number;
  label: { width: number; height: number };
  /** The name's size in mm (the other lines a little smaller). */
  text: number;
}

export const stocks: Record<LabelStock, StockSize> = {
  roll40x25: { page: { width: 40, height: 25 }, columns: 1, rows: 1, label: { width: 40, height: 25 }, text: 2.6 },
  // A4 with 3 × 8 labels of 70 × 37 mm (the common 24-up sheet), 0.5 mm left over top and bottom.
  a4x24: { page: { width: 210, height: 297 }, columns: 3, rows: 8, label: { width: 70, height: 37 }, text: 3.4 },
};

/** Whether `code` is a valid EAN-13 (12 digits and its check digit, or 12 digits to complete). */
export function eanDigits(code: string): string | null {
  return ean13Digits(code);
}

/**
 * The symbology a label can really use: EAN-13 only for a valid EAN, else Code 128, and QR for a
 * code Code 128 cannot carry (beyond printable ASCII, e.g. Persian letters).
 */
export function symbologyFor(wanted: Symbology, code: string): Symbology {
  if (wanted === 'qrcode' || (wanted === 'ean13' && eanDigits(code))) return wanted;
  return code128Encodable(code) ? 'code128' : 'qrcode';
}

const drawn = new Map<string, string>();

/** The barcode of `code` as an SVG document (cached). */
export function barcodeSvg(symbology: Symbology, code: string): string {
  const use = symbologyFor(symbology, code);
  const key = `${use}\u0000${code}`;
  let svg = drawn.get(key);
  if (svg === undefined) {
    // The digits under the bars are the label's own text (drawing them as paths doubles the cost).
    if (use === 'ean13') svg = ean13Svg(eanDigits(code)!, 2, 10);
    else if (use === 'qrcode') svg = qrSvg(code, 2);
    else svg = code128Svg(code, 2, 10);
    drawn.set(key, svg);
  }
  return svg;
}

/** The labels in print order: each content repeated its count. */
export function expandLabels(items: readonly { content: LabelContent; count: number }[]): LabelContent[] {
  return items.flatMap(({ content, count }) => Array.from({ length: Math.max(0, Math.min(999, Math.floor(count))) }, () => content));
}

/** Labels split into pages of the stock. */
export function pagesOf<T>(labels: readonly T[], stock: LabelStock): T[][] {
  const per = stocks[stock].columns * stocks[stock].rows;
  const pages: T[][] = [];
  for (let i = 0; i < labels.length; i += per) pages.push(labels.slice(i, i + per));
  return pages;
}
