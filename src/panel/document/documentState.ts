/**
 * Where a document on this device stands (documents.md): a draft; waiting to submit (the submit is
 * queued, the server has not said yes); submitted; waiting to cancel; cancelled. A queued step
 * shows its outcome at once (replay), and the server's own status tells it is not yet confirmed.
 */
import type { DocumentStatus } from '../../contract/entity.ts';
import type { LocalRow } from '../../storage/localRecords.ts';
import { serverRowOf } from '../../storage/reconcile.ts';

export type DocumentState = 'draft' | 'submitting' | 'submitted' | 'cancelling' | 'cancelled';

export function documentState(row: LocalRow): DocumentState {
  const shown = row.status as DocumentStatus;
  const confirmed = (serverRowOf(row)?.status as DocumentStatus | undefined) ?? 'draft';
  if (shown === 'submitted') return confirmed === 'submitted' ? 'submitted' : 'submitting';
  if (shown === 'cancelled') return confirmed === 'cancelled' ? 'cancelled' : 'cancelling';
  return 'draft';
}
