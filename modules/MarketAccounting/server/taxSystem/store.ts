/**
 * The tax system's rows (migration 003): a panel's settings and its queue. `enqueueTaxInvoice` is
 * what an invoice's submit calls (the lead hooks it to the invoices of decision 043): it gives the
 * invoice its serial and tax id once, builds its JSON, and queues it; calling it again for the same
 * invoice and kind answers the row already queued.
 */
import type { Queryable } from '../../../../server/moduleApi.ts';
import { systemInvoice, type SystemInvoice, type TaxInvoiceInput } from './invoice.ts';
import type { Reason, SystemEndpoint } from './protocol.ts';
import { taxId } from './taxId.ts';

export interface TaxSettingsRow {
  panel_id: string;
  memory_id: string | null;
  economic_code: string | null;
  endpoint: SystemEndpoint;
  private_key: string | null;
  certificate: string | null;
  certificate_request: string | null;
  next_serial: string;
}

export type QueueStatus = 'waiting' | 'sent' | 'accepted' | 'refused';

export interface QueueRow {
  id: string;
  panel_id: string;
  once_key: string;
  source_type: string;
  source_id: string;
  kind: TaxInvoiceInput['kind'];
  tax_id: string;
  invoice: SystemInvoice;
  status: QueueStatus;
  request_trace_id: string;
  reference_number: string | null;
  reasons: Reason[];
  attempts: number;
  next_attempt_at: Date | string | null;
  last_error: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export async function readSettings(q: Queryable, panelId: string): Promise<TaxSettingsRow | null> {
  const [row] = await q.query<TaxSettingsRow>('SELECT * FROM market_accounting_tax_settings WHERE panel_id = $1', [panelId]);
  return row ?? null;
}

export async function writeSettings(
  q: Queryable,
  panelId: string,
  values: Partial<Omit<TaxSettingsRow, 'panel_id' | 'next_serial'>>,
): Promise<void> {
  const columns = Object.keys(values) as (keyof typeof values)[];
  await q.query('INSERT INTO market_accounting_tax_settings (panel_id) VALUES ($1) ON CONFLICT (panel_id) DO NOTHING', [panelId]);
  if (!columns.length) return;
  const sets = columns.map((c, i) => `${c} = $${i + 2}`).join(', ');
  await q.query(`UPDATE market_accounting_tax_settings SET ${sets}, updated_at = now() WHERE panel_id = $1`, [
    panelId,
    ...columns.map((c) => values[c]),
  ]);
}

/** Why an invoice cannot be queued yet. */
export class NotConfigured extends Error {
  override name = 'NotConfigured';
}

/**
 * Queues the invoice for the tax system, once per (source, kind, once-key): the tax id is made
 * from the panel's memory id, the invoice's date and the panel's next serial. Throws NotConfigured
 * while the panel has no memory id or economic code, RangeError for an input the system would refuse.
 */
export async function enqueueTaxInvoice(
  q: Queryable,
  panelId: string,
  input: TaxInvoiceInput,
  onceKey = `${input.sourceId}:${input.kind}`,
): Promise<QueueRow> {
  const [settings] = await q.query<TaxSettingsRow>('SELECT * FROM market_accounting_tax_settings WHERE panel_id = $1 FOR UPDATE', [
    panelId,
  ]);
  if (!settings?.memory_id || !settings.economic_code) throw new NotConfigured('the panel has no fiscal memory id or economic code');
  const [existing] = await q.query<QueueRow>('SELECT * FROM market_accounting_tax_queue WHERE panel_id = $1 AND once_key = $2', [
    panelId,
    onceKey,
  ]);
  if (existing) return existing;
  const serial = Number(settings.next_serial);
  const id = taxId(settings.memory_id, new Date(input.issuedAt), serial);
  const invoice = systemInvoice(input, { economicCode: settings.economic_code }, id, serial);
  const [row] = await q.query<QueueRow>(
    `INSERT INTO market_accounting_tax_queue (panel_id, once_key, source_type, source_id, kind, tax_id, invoice)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
    [panelId, onceKey, input.sourceType, input.sourceId, input.kind, id, JSON.stringify(invoice)],
  );
  await q.query('UPDATE market_accounting_tax_settings SET next_serial = next_serial + 1 WHERE panel_id = $1', [panelId]);
  return row!;
}

/** The panel's queue, newest first (the queue screen; an invoice's own by `sourceId`). */
export async function readQueue(q: Queryable, panelId: string, sourceId?: string): Promise<QueueRow[]> {
  return q.query<QueueRow>(
    `SELECT * FROM market_accounting_tax_queue WHERE panel_id = $1 ${sourceId ? 'AND source_id = $2' : ''} ORDER BY created_at DESC, tax_id DESC LIMIT 500`,
    sourceId ? [panelId, sourceId] : [panelId],
  );
}
