/**
 * The import's fourth step (decision 042): checked rows become ordinary local writes — each
 * validated again, queued in the outbox and synced like a row made in a form, so the server
 * applies permissions and the privilege ceiling as for any push. A row already equal is skipped,
 * so the same file imported twice changes nothing. Cancelling stops before the next row; what
 * was written stays written (and queued).
 */
import type { Entity } from '../../contract/entity.ts';
import type { RowOutcome } from '../../contract/importRows.ts';
import type { DataProvider } from '../../storage/dataProvider.ts';

export interface ImportResult {
  created: number;
  updated: number;
  /** Rows equal to what is here already, and rows the test run refused. */
  skipped: number;
  /** Rows refused at the write itself (a clash with a row written meanwhile): sheet line → error. */
  failed: { line: number; error: unknown }[];
  cancelled: boolean;
}

export async function writeImport(
  data: Pick<DataProvider, 'create' | 'update'>,
  entity: Entity,
  outcomes: readonly RowOutcome[],
  options: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void } = {},
): Promise<ImportResult> {
  const result: ImportResult = { created: 0, updated: 0, skipped: 0, failed: [], cancelled: false };
  const total = outcomes.length;
  for (let i = 0; i < total; i++) {
    if (options.signal?.aborted) {
      result.cancelled = true;
      break;
    }
    const outcome = outcomes[i]!;
    try {
      if (outcome.action === 'create') {
        await data.create(entity, outcome.values);
        result.created++;
      } else if (outcome.action === 'update') {
        await data.update(entity, outcome.id, outcome.values);
        result.updated++;
      } else result.skipped++;
    } catch (error) {
      result.failed.push({ line: outcome.line, error });
    }
    if (i % 25 === 24 || i === total - 1) {
      options.onProgress?.(i + 1, total);
      // Let the page draw the progress and hear a cancel between batches.
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  }
  return result;
}
