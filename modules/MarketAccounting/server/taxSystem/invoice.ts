/**
 * `TaxInvoiceInput`: what Pishkhan knows of an invoice the tax system must register, and its
 * building into the system's JSON (header, body, payments) with the short field names of the
 * tax organisation's invoice standard, as the public SDKs write them (decision 044). Amounts are
 * exact integer rials, carried as decimal strings and computed as bigint; the JSON the system
 * reads has numbers, so an amount beyond 2^53 is refused here rather than rounded there.
 */

/** The system's invoice subject (`ins`): an original, or one of the three kinds that reference it. */
export type TaxInvoiceKind = 'original' | 'correction' | 'cancellation' | 'return';
export const subjectCode: Record<TaxInvoiceKind, number> = { original: 1, correction: 2, cancellation: 3, return: 4 };

export interface TaxInvoiceLine {
  /** The goods or service id of the system's catalogue (`sstid`, 13 digits). */
  productCode: string;
  /** What it is (`sstt`). */
  title: string;
  /** The unit's code in the system's table (`mu`, e.g. 1627 a piece). */
  unitCode: string;
  /** The quantity, up to three decimals (`am`). */
  quantity: number;
  /** Unit price in rials (`fee`), a whole number as text. */
  unitPrice: string;
  /** The line's discount in rials (`dis`). */
  discount: string;
  /** VAT rate in percent (`vra`), up to three decimals: 10 by default, 0 exempt. */
  vatRate: number;
  /** Other duties and legal charges in rials (`odam`), if any. */
  otherDuties?: string;
}

export interface TaxInvoiceBuyer {
  /** `tob`: 1 a person, 2 a company or institution, 5 a foreign national. */
  type: 1 | 2 | 5;
  /** National id (`bid`). */
  nationalId?: string;
  /** Economic code (`tinb`). */
  economicCode?: string;
  postalCode?: string;
}

export interface TaxInvoiceInput {
  /** The invoice document it comes from (entity key and row id): enqueueing the same twice does nothing. */
  sourceType: string;
  sourceId: string;
  kind: TaxInvoiceKind;
  /** The tax id of the invoice it corrects, cancels or returns (every kind but the original). */
  referenceTaxId?: string;
  /** When it was issued (ISO). */
  issuedAt: string;
  /** A buyer known by id makes a type-1 invoice; none, a type-2 (a walk-in customer). */
  buyer: TaxInvoiceBuyer | null;
  lines: TaxInvoiceLine[];
  /** Of the total, what was settled at once (`cap`); the rest is on credit (`insp`). */
  paidNow: string;
}

export interface SystemInvoice {
  header: Record<string, string | number | null>;
  body: Record<string, string | number>[];
  payments: Record<string, string | number>[];
}

const num = (value: bigint): number => {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < -BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('amount too large');
  return Number(value);
};
const rials = (text: string | undefined): bigint => {
  if (text === undefined || text === '') return 0n;
  if (!/^-?\d+$/.test(text)) throw new RangeError(`not whole rials: ${text}`);
  return BigInt(text);
};
/** a × b / d rounded half away from zero, in bigint. */
function mulDiv(a: bigint, b: bigint, d: bigint): bigint {
  const p = a * b;
  const q = p / d;
  const r = p % d;
  return 2n * (r < 0n ? -r : r) >= d ? q + (p < 0n ? -1n : 1n) : q;
}

/** The line's amounts: before discount, discount, after it, VAT, other duties, and the line's total. */
export function lineAmounts(line: TaxInvoiceLine) {
  const thousandths = BigInt(Math.round(line.quantity * 1000));
  const prdis = mulDiv(thousandths, rials(line.unitPrice), 1000n);
  const dis = rials(line.discount);
  const adis = prdis - dis;
  const vam = mulDiv(adis, BigInt(Math.round(line.vatRate * 1000)), 100_000n);
  const odam = rials(line.otherDuties);
  return { prdis, dis, adis, vam, odam, tsstam: adis + vam + odam };
}

/** The invoice in the system's JSON shape; `taxId` and `serial` are the queue's (store.ts). */
export function systemInvoice(input: TaxInvoiceInput, seller: { economicCode: string }, taxId: string, serial: number): SystemInvoice {
  if (input.kind !== 'original' && !input.referenceTaxId) throw new RangeError(`a ${input.kind} references the original's tax id`);
  const lines = input.lines.map((line) => ({ line, amounts: lineAmounts(line) }));
  const sum = (pick: (a: ReturnType<typeof lineAmounts>) => bigint) => lines.reduce((s, l) => s + pick(l.amounts), 0n);
  const total = sum((a) => a.tsstam);
  const paidNow = rials(input.paidNow) > total ? total : rials(input.paidNow);
  const at = Date.parse(input.issuedAt);
  const buyer = input.buyer;
  return {
    header: {
      taxid: taxId,
      indatim: at,
      indati2m: at,
      inty: buyer ? 1 : 2,
      inno: serial.toString(16).padStart(10, '0'),
      irtaxid: input.referenceTaxId ?? null,
      inp: 1,
      ins: subjectCode[input.kind],
      tins: seller.economicCode,
      tob: buyer?.type ?? null,
      bid: buyer?.nationalId ?? null,
      tinb: buyer?.economicCode ?? null,
      bpc: buyer?.postalCode ?? null,
      tprdis: num(sum((a) => a.prdis)),
      tdis: num(sum((a) => a.dis)),
      tadis: num(sum((a) => a.adis)),
      tvam: num(sum((a) => a.vam)),
      todam: num(sum((a) => a.odam)),
      tbill: num(total),
      setm: paidNow === total ? 1 : paidNow === 0n ? 2 : 3,
      cap: num(paidNow),
      insp: num(total - paidNow),
      tvop: num(sum((a) => a.vam)),
    },
    body: lines.map(({ line, amounts }) => ({
      sstid: line.productCode,
      sstt: line.title,
      mu: line.unitCode,
      am: line.quantity,
      fee: num(rials(line.unitPrice)),
      prdis: num(amounts.prdis),
      dis: num(amounts.dis),
      adis: num(amounts.adis),
      vra: line.vatRate,
      vam: num(amounts.vam),
      odam: num(amounts.odam),
      tsstam: num(amounts.tsstam),
    })),
    payments: [],
  };
}
