/**
 * From a submitted invoice of decision 043 (MarketAccounting/Invoice) to `TaxInvoiceInput`, for the
 * lead to call at submit and at cancel (the hook is not wired here: the invoices are another branch).
 * Typed structurally on the fields that entity declares, so this file imports none of it. The line
 * figures come from the invoices' own rule (rules/invoiceMath.ts `invoiceTotals`): the discount of
 * a line is its own and its share of the invoice's, the duties their amount; VAT is worked out
 * again here from the rate by the same rounding (half away from zero), so the two agree.
 *
 * A sale is an original, its return a return referencing the sale's tax id, a sale amending a
 * registered one a correction of it, the cancel of a registered sale a cancellation referencing its
 * own; purchases are not the seller's to register (null).
 */
import type { TaxInvoiceBuyer, TaxInvoiceInput } from './invoice.ts';

export interface InvoiceForTax {
  id: string;
  kind: 'sale' | 'purchase' | 'saleReturn' | 'purchaseReturn';
  date: string;
  taxId?: string | null;
  cashAmount?: unknown;
  cardAmount?: unknown;
  transferAmount?: unknown;
  lines: { description: string; code?: string | null; unit?: string | null; quantity: unknown; unitPrice: unknown; vatRate?: unknown }[];
}

export interface FiguresForTax {
  lines: { discount: bigint; duty: bigint }[];
}

export interface PartyForTax {
  nationalId?: string | null;
  economicCode?: string | null;
  postalCode?: string | null;
}

/** The unit code of "a piece" (عدد) in the system's table, when a line names no code of its own. */
export const pieceUnit = '1627';

function buyerOf(party: PartyForTax | null): TaxInvoiceBuyer | null {
  const nationalId = party?.nationalId?.trim() || undefined;
  const economicCode = party?.economicCode?.trim() || undefined;
  if (!nationalId && !economicCode) return null;
  return { type: nationalId?.length === 10 ? 1 : 2, nationalId, economicCode, postalCode: party?.postalCode?.trim() || undefined };
}

const text = (v: unknown) => (v === undefined || v === null || v === '' ? '0' : String(v).replace(/\.0+$/, ''));

/**
 * The input of an invoice's registration: `as` 'submit' (a sale, or a sales return with its
 * original's tax id in `originalTaxId`), 'correct' (a sale amending a registered one, whose tax id
 * is `originalTaxId`: the system's correction of it) or 'cancel' (of a sale the system holds:
 * `invoice.taxId`).
 */
export function taxInputOfInvoice(
  invoice: InvoiceForTax,
  figures: FiguresForTax,
  party: PartyForTax | null,
  as: 'submit' | 'correct' | 'cancel',
  originalTaxId?: string,
): TaxInvoiceInput | null {
  if (invoice.kind === 'purchase' || invoice.kind === 'purchaseReturn') return null;
  const kind = as === 'cancel' ? 'cancellation' : invoice.kind === 'saleReturn' ? 'return' : as === 'correct' ? 'correction' : 'original';
  const referenceTaxId = kind === 'cancellation' ? (invoice.taxId ?? undefined) : kind === 'original' ? undefined : originalTaxId;
  if (kind !== 'original' && !referenceTaxId) return null;
  const paid = [invoice.cashAmount, invoice.cardAmount, invoice.transferAmount].reduce<bigint>((s, v) => s + BigInt(text(v)), 0n);
  return {
    sourceType: 'MarketAccounting/Invoice',
    sourceId: invoice.id,
    kind,
    referenceTaxId,
    // Noon in Tehran of the invoice's day.
    issuedAt: `${invoice.date}T08:30:00.000Z`,
    buyer: buyerOf(party),
    lines: invoice.lines.map((line, i) => ({
      productCode: line.code?.trim() ?? '',
      title: line.description,
      unitCode: /^\d+$/.test(line.unit ?? '') ? line.unit! : pieceUnit,
      quantity: Number(line.quantity),
      unitPrice: text(line.unitPrice),
      discount: String(figures.lines[i]?.discount ?? 0n),
      vatRate: line.vatRate === undefined || line.vatRate === null || line.vatRate === '' ? 10 : Number(line.vatRate),
      otherDuties: String(figures.lines[i]?.duty ?? 0n),
    })),
    paidNow: String(paid),
  };
}
