import { Trans } from '@lingui/react/macro';
import { cx } from '../../ui/cx.ts';
import { SyncIcon } from '../../ui/icons.tsx';
import type { LocalRow } from '../../storage/localRecords.ts';
import { Ltr } from '../../ui/Ltr.tsx';
import { documentState, type DocumentState } from './documentState.ts';

const tones: Record<DocumentState, string> = {
  draft: 'bg-slate-100 text-slate-800 ring-slate-200',
  submitting: 'bg-amber-50 text-amber-900 ring-amber-200',
  submitted: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  cancelling: 'bg-amber-50 text-amber-900 ring-amber-200',
  cancelled: 'bg-red-50 text-red-800 ring-red-200',
};

/** A document's state in a word, with the sync mark while a step waits for the server. */
export function DocumentStatusBadge({ state }: { state: DocumentState }) {
  return (
    <span className={cx('inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1', tones[state])}>
      {(state === 'submitting' || state === 'cancelling') && <SyncIcon className="size-3.5" />}
      {state === 'draft' && <Trans>Draft</Trans>}
      {state === 'submitting' && <Trans>Waiting to submit</Trans>}
      {state === 'submitted' && <Trans>Submitted</Trans>}
      {state === 'cancelling' && <Trans>Waiting to cancel</Trans>}
      {state === 'cancelled' && <Trans>Cancelled</Trans>}
    </span>
  );
}

/**
 * A draft whose writes are still queued on this device: the server has not seen it, so it is in
 * no one else's figures yet. Drawn as the waiting steps are (amber, the sync mark).
 */
export function UnsentMark({ row }: { row: LocalRow }) {
  if (documentState(row) !== 'draft' || !(row._pending > 0)) return null;
  return (
    <span className={cx('inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1', tones.submitting)}>
      <SyncIcon className="size-3.5" />
      <Trans>Not sent yet</Trans>
    </span>
  );
}

/** A document in a list: its number once it has one, its state, and whether it waits to be sent. */
export function DocumentLead(row: LocalRow) {
  const state = documentState(row);
  return (
    <span className="flex shrink-0 items-center gap-2">
      {typeof row.number === 'string' && <Ltr className="font-semibold text-slate-900">{row.number}</Ltr>}
      {state !== 'submitted' && <DocumentStatusBadge state={state} />}
      <UnsentMark row={row} />
    </span>
  );
}
