/**
 * The invoices' side of the tax system (decisions 043, 044): a submitted sale or sales return is
 * queued for the system in its submit's transaction, and the invoice row carries its tax id and
 * the queue's status from then on; cancelling a registered sale queues its cancellation, and a sale
 * amending it before that went out is sent as its correction instead. A panel
 * without its fiscal memory id and economic code does not register invoices (nothing is queued:
 * the settings screen says what is missing).
 */
import type { Line, Row } from '../../../../src/contract/entity.ts';
import { Code } from '../../../../src/contract/codes.ts';
import { findRow, RuleRejection, setServerFields, updateServerFields, type Db, type WriteContext } from '../../../../server/moduleApi.ts';
import { Party } from '../../entities/books.ts';
import { Invoice } from '../../entities/invoices.ts';
import type { InvoiceFigures } from '../../rules/invoiceMath.ts';
import { taxInputOfInvoice, type InvoiceForTax, type PartyForTax } from './fromInvoice.ts';
import { enqueueTaxInvoice, readSettings, type QueueRow, type QueueStatus } from './store.ts';

/** Queues the invoice's registration (`submit`) or cancellation (`cancel`); nothing when the panel is not registered. */
export async function queueInvoiceForTax(
  ctx: WriteContext,
  doc: Row,
  figures: InvoiceFigures,
  original: Row | null,
  as: 'submit' | 'cancel',
): Promise<void> {
  const settings = await readSettings(ctx.tx, ctx.access.id);
  if (!settings?.memory_id || !settings.economic_code) return;
  const party = doc.partyId ? await findRow(ctx.tx, Party, ctx.access.id, String(doc.partyId)) : null;
  const invoice = { ...doc, lines: (doc.lines as Line[]) ?? [] } as unknown as InvoiceForTax;
  const corrected = as === 'submit' ? await correctedBy(ctx, doc) : null;
  const input = corrected
    ? taxInputOfInvoice(invoice, figures, party as PartyForTax | null, 'correct', corrected)
    : taxInputOfInvoice(invoice, figures, party as PartyForTax | null, as, (original?.taxId as string | null) ?? undefined);
  if (!input) return;
  // The system's JSON carries amounts as numbers: past 2^53 rials it cannot take the invoice.
  const queued = await enqueueTaxInvoice(ctx.tx, ctx.access.id, input).catch((error: unknown) => {
    if (error instanceof RangeError) throw new RuleRejection(Code.BadRequest, { total: 'range' }, { detail: { reason: 'taxSystemRange' } });
    throw error;
  });
  if (as === 'submit') await setServerFields(ctx, Invoice, doc.id, { taxId: queued.tax_id, taxStatus: queued.status });
}

/**
 * A sale amending a cancelled, registered sale (the document layer's amend: cancel, then a copy
 * naming it in `amendedFrom`) is the system's correction of it, when the cancellation has not been
 * sent yet: the waiting cancellation is dropped and the tax id corrected is answered. Once the
 * cancellation went out, the system holds the sale as cancelled and the amendment is an original
 * of its own (null).
 */
async function correctedBy(ctx: WriteContext, doc: Row): Promise<string | null> {
  if (doc.kind !== 'sale' || typeof doc.amendedFrom !== 'string') return null;
  const before = await findRow(ctx.tx, Invoice, ctx.access.id, doc.amendedFrom);
  if (typeof before?.taxId !== 'string') return null;
  const dropped = await ctx.tx.query<{ id: string }>(
    `DELETE FROM market_accounting_tax_queue
      WHERE panel_id = $1 AND source_id = $2 AND kind = 'cancellation' AND status = 'waiting' AND attempts = 0
      RETURNING id`,
    [ctx.access.id, before.id],
  );
  return dropped.length ? before.taxId : null;
}

/** What the system said of a registration, onto its invoice (a cancellation's fate stays in the queue). */
export async function showOnInvoice(db: Db, row: QueueRow, status: QueueStatus): Promise<void> {
  if (row.source_type !== Invoice.key || row.kind === 'cancellation') return;
  await updateServerFields(db, row.panel_id, Invoice, row.source_id, { taxStatus: status });
}
