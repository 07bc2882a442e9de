/**
 * The server's sending (a scheduled job, decision 044). A run claims what is due under a
 * transaction-level advisory lock — rows waiting to be sent, rows sent whose result to ask for —
 * by leasing them (`next_attempt_at` a few minutes on, `attempts` up), and commits at once: the
 * network calls happen outside any transaction, so a slow system never holds the database, and a
 * process that dies mid-run leaves rows that come due again when the lease ends.
 *
 * Never sent twice: only a waiting row is sent, a sent row is only asked about, and a row whose
 * earlier attempt may have reached the system (its answer lost) is first looked for by its packet
 * uid (`inquiry-by-uid`): found, it takes that reference and is not sent again. Network failures
 * and 5xx leave the row waiting with exponential backoff (1 minute doubling, at most an hour).
 */
import type { Db } from '../../../../server/moduleApi.ts';
import { SystemClient, systemEndpoints, type Fetch, type Inquiry, type SystemEndpoint } from './protocol.ts';
import { showOnInvoice } from './invoiceTax.ts';
import { open } from './secrets.ts';
import type { QueueRow, TaxSettingsRow } from './store.ts';

const LOCK = [0x70697368, 0x6d6f6164] as const;
const LEASE_MS = 5 * 60_000;
const BATCH = 100;

export function backoffMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

export interface RunOptions {
  /** Where each endpoint is (tests point the sandbox at the stand-in). */
  endpoints?: Partial<Record<SystemEndpoint, string>>;
  fetch?: Fetch;
  batch?: number;
}

export interface TaxRunFigures {
  panels: number;
  sent: number;
  accepted: number;
  refused: number;
  failed: number;
}

async function claim(db: Db, now: Date, batch: number): Promise<QueueRow[] | null> {
  return db.transaction(async (tx) => {
    const [lock] = await tx.query<{ held: boolean }>('SELECT pg_try_advisory_xact_lock($1::int, $2::int) AS held', LOCK);
    if (!lock?.held) return null;
    // RETURNING answers rows in no particular order: they are sorted again, so that an original is
    // sent before the cancellation or return that references it (the system refuses a reference it
    // has not accepted).
    return tx.query<QueueRow>(
      `WITH claimed AS (
         UPDATE market_accounting_tax_queue q SET next_attempt_at = $2, attempts = attempts + CASE WHEN q.status = 'waiting' THEN 1 ELSE 0 END
         WHERE q.id IN (
           SELECT id FROM market_accounting_tax_queue
           WHERE status IN ('waiting', 'sent') AND (next_attempt_at IS NULL OR next_attempt_at <= $1)
           ORDER BY created_at, tax_id LIMIT $3
         ) RETURNING q.*
       )
       SELECT * FROM claimed ORDER BY created_at, tax_id`,
      [now, new Date(now.getTime() + LEASE_MS), batch],
    );
  });
}

async function update(
  db: Db,
  row: QueueRow,
  values: Partial<Pick<QueueRow, 'status' | 'reference_number' | 'reasons' | 'last_error'>> & { next_attempt_at?: Date | null },
): Promise<void> {
  const columns = Object.keys(values) as (keyof typeof values)[];
  const sets = columns.map((c, i) => `${c} = $${i + 2}`).join(', ');
  await db.query(`UPDATE market_accounting_tax_queue SET ${sets}, updated_at = now() WHERE id = $1`, [
    row.id,
    ...columns.map((c) => (c === 'reasons' ? JSON.stringify(values[c]) : values[c])),
  ]);
  if (values.status && values.status !== row.status) await showOnInvoice(db, row, values.status);
}

const later = (now: Date, row: QueueRow) => new Date(now.getTime() + backoffMs(Math.max(1, row.attempts)));

/** One run over every panel: null when another process holds the claim's lock. */
export async function runTaxSystem(db: Db, secret: string, now: Date, options: RunOptions = {}): Promise<TaxRunFigures | null> {
  const claimed = await claim(db, now, options.batch ?? BATCH);
  if (!claimed) return null;
  const figures: TaxRunFigures = { panels: 0, sent: 0, accepted: 0, refused: 0, failed: 0 };
  const byPanel = new Map<string, QueueRow[]>();
  for (const row of claimed) byPanel.set(row.panel_id, [...(byPanel.get(row.panel_id) ?? []), row]);
  for (const [panelId, rows] of byPanel) {
    figures.panels++;
    const [settings] = await db.query<TaxSettingsRow>('SELECT * FROM market_accounting_tax_settings WHERE panel_id = $1', [panelId]);
    if (!settings?.memory_id || !settings.private_key || !settings.certificate) {
      for (const row of rows) await update(db, row, { last_error: 'settings', next_attempt_at: later(now, row) });
      continue;
    }
    let privateKey: string;
    try {
      privateKey = open(secret, panelId, settings.private_key);
    } catch {
      // Sealed under another server secret: the panel must enter its key again.
      for (const row of rows) await update(db, row, { last_error: 'key', next_attempt_at: later(now, row) });
      continue;
    }
    const base = options.endpoints?.[settings.endpoint] ?? systemEndpoints[settings.endpoint];
    const client = new SystemClient(
      base,
      { memoryId: settings.memory_id, privateKey, certificate: settings.certificate },
      now,
      options.fetch,
    );
    await runPanel(db, client, rows, now, figures);
  }
  return figures;
}

async function runPanel(db: Db, client: SystemClient, rows: QueueRow[], now: Date, figures: TaxRunFigures): Promise<void> {
  let waiting = rows.filter((r) => r.status === 'waiting');
  const sent = rows.filter((r) => r.status === 'sent');
  try {
    // An earlier attempt may have reached the system: look for it before sending again.
    const retried = waiting.filter((r) => r.attempts > 1);
    if (retried.length) {
      const found = new Map(
        (await client.inquireByUid(retried.map((r) => r.request_trace_id)))
          .filter((i) => i.referenceNumber && i.status !== 'NOT_FOUND')
          .map((i) => [i.uid, i]),
      );
      for (const row of retried) {
        const inquiry = found.get(row.request_trace_id);
        if (!inquiry) continue;
        await update(db, row, { status: 'sent', reference_number: inquiry.referenceNumber, next_attempt_at: now });
        sent.push({ ...row, status: 'sent', reference_number: inquiry.referenceNumber });
        waiting = waiting.filter((r) => r !== row);
      }
    }
    if (waiting.length) {
      const key = await client.serverKey();
      const packets = await Promise.all(waiting.map((row) => client.packet(row.invoice, key, row.request_trace_id)));
      const answer = await client.send(packets);
      const results = new Map(answer.result.map((r) => [r.uid, r]));
      for (const row of waiting) {
        const result = results.get(row.request_trace_id);
        if (result?.referenceNumber) {
          figures.sent++;
          await update(db, row, { status: 'sent', reference_number: result.referenceNumber, last_error: null, next_attempt_at: now });
          sent.push({ ...row, status: 'sent', reference_number: result.referenceNumber });
        } else if (result) {
          figures.refused++;
          const reasons = [{ code: result.errorCode ?? 'packet', message: result.errorDetail ?? '' }];
          await update(db, row, { status: 'refused', reasons, next_attempt_at: null });
        } else {
          figures.failed++;
          const detail = answer.errors.map((e) => `${e.code} ${e.message}`).join('; ') || 'no result';
          await update(db, row, { last_error: detail, next_attempt_at: later(now, row) });
        }
      }
      waiting = [];
    }
    const asked = sent.filter((r) => r.reference_number);
    if (asked.length) {
      const answers = new Map((await client.inquireByReference(asked.map((r) => r.reference_number!))).map((i) => [i.referenceNumber, i]));
      for (const row of asked) await settle(db, row, answers.get(row.reference_number), now, figures);
    }
  } catch (error) {
    // The network, the system's 5xx or 4xx, or a key that no longer opens: the rows wait and are tried again.
    const message = error instanceof Error ? error.message : String(error);
    for (const row of [...waiting, ...sent]) {
      figures.failed++;
      await update(db, row, { last_error: message.slice(0, 500), next_attempt_at: later(now, row) });
    }
  }
}

async function settle(db: Db, row: QueueRow, inquiry: Inquiry | undefined, now: Date, figures: TaxRunFigures): Promise<void> {
  if (inquiry?.status === 'SUCCESS') {
    figures.accepted++;
    await update(db, row, { status: 'accepted', reasons: inquiry.data?.warning ?? [], next_attempt_at: null });
  } else if (inquiry?.status === 'FAILED') {
    figures.refused++;
    await update(db, row, { status: 'refused', reasons: inquiry.data?.error ?? [], next_attempt_at: null });
  } else {
    await update(db, row, { next_attempt_at: new Date(now.getTime() + 60_000) });
  }
}
