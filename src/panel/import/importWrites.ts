/**
 * The import's fourth step (decision 042): checked rows become ordinary local writes — each
 * validated again, queued in the outbox (one mutation per row) and synced like a row made in a
 * form, so the server applies permissions and the privilege ceiling as for any push. Rows are
 * written 100 to a local transaction (`writeMany`). A row already equal is skipped, so the same
 * file imported twice changes nothing. Cancelling stops before the next batch; what was written
 * stays written (and queued).
 */
import type { Entity } from '../../contract/entity.ts';
import type { RowOutcome } from '../../contract/importRows.ts';
import type { DataProvider } from '../../storage/dataProvider.ts';
import type { BatchWrite } from '../../storage/localWrites.ts';

export interface ImportResult {
  created: number;
  updated: number;
  /** Rows equal to what is here already, and rows the test run refused. */
  skipped: number;
  /** Rows refused at the write itself (a clash with a row written meanwhile): sheet line → error. */
  failed: { line: number; error: unknown }[];
  cancelled: boolean;
}

const BATCH = 100;

export async function writeImport(
  data: Pick<DataProvider, 'writeMany'>,
  entity: Entity,
  outcomes: readonly RowOutcome[],
  options: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void } = {},
): Promise<ImportResult> {
  const result: ImportResult = { created: 0, updated: 0, skipped: 0, failed: [], cancelled: false };
  const total = outcomes.length;
  for (let at = 0; at < total; at += BATCH) {
    if (options.signal?.aborted) {
      result.cancelled = true;
      break;
    }
    const batch = outcomes.slice(at, at + BATCH);
    const writes: { line: number; action: 'create' | 'update'; write: BatchWrite }[] = [];
    for (const outcome of batch) {
      if (outcome.action === 'create')
        writes.push({ line: outcome.line, action: 'create', write: { op: 'create', values: outcome.values } });
      else if (outcome.action === 'update')
        writes.push({ line: outcome.line, action: 'update', write: { op: 'update', id: outcome.id, values: outcome.values } });
      else result.skipped++;
    }
    const answers = writes.length
      ? await data.writeMany(
          entity,
          writes.map((w) => w.write),
        )
      : [];
    answers.forEach((error, i) => {
      const { line, action } = writes[i]!;
      if (error) result.failed.push({ line, error });
      else if (action === 'create') result.created++;
      else result.updated++;
    });
    options.onProgress?.(Math.min(total, at + BATCH), total);
    // Let the page draw the progress and hear a cancel between batches.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return result;
}
