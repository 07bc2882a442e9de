/**
 * One document as people read it and act on it (documents.md): its number (or "draft"), its state,
 * its header and lines, the module's totals, why the server refused its last step (in the
 * words of the step refused, with the module's account of the details), and the actions its state and the person's role allow:
 * edit, submit, delete a draft; cancel a submitted one; amend a cancelled one; print; and its
 * history (who created, changed, submitted, cancelled it, and when).
 * Printed, it is its own page (print/DocumentPrint.tsx, decision 028), on A4 or A5.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { permission, shownFields, type DocumentSpec, type Entity, type Line, type Row } from '../../contract/entity.ts';
import { describeError } from '../../i18n/describeError.ts';
import { formatDate, inSentence } from '../../i18n/format.ts';
import { useCanAccess } from '../../storage/access.ts';
import type { LocalRow, SyncProblem } from '../../storage/localRecords.ts';
import { usePanelData } from '../../storage/panelData.ts';
import { PresenceNote } from '../PresenceNote.tsx';
import { useRowProblem } from '../../storage/useSyncState.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { EditIcon, TrashIcon } from '../../ui/icons.tsx';
import { Ltr } from '../../ui/Ltr.tsx';
import { showToast } from '../../ui/toast.ts';
import { FieldValue } from '../entity/FieldValue.tsx';
import { applyingFields } from '../entity/formValues.ts';
import { useReferenceMaps } from '../entity/useReferenceMaps.ts';
import { documentState } from './documentState.ts';
import { DocumentHistory } from './DocumentHistory.tsx';
import { DocumentLines } from './DocumentLines.tsx';
import { DocumentStatusBadge, UnsentMark } from './DocumentStatusBadge.tsx';
import { DocumentPrint } from './print/DocumentPrint.tsx';
import { PrintButton, type PrintLink } from './print/PrintButton.tsx';
import { RefusalOutcome, RefusalReason, useRefusalTitle } from './StepRefusal.tsx';

export interface DocumentViewProps {
  entity: Entity & { document: DocumentSpec };
  row: LocalRow;
  onEdit?: () => void;
  /** After a delete or an amend: where to go (the new draft's id for an amend). */
  onDone: (next: { amended?: Row }) => void;
  /** Under the lines: the totals. */
  summary?: (row: LocalRow) => ReactNode;
  /** Whether the draft may be submitted in its present state (a sale once won); unset: always. */
  submittable?: (row: LocalRow) => boolean;
  /** The module's own prints of this document, offered in the Print menu after A4 and A5. */
  printLinks?: (row: LocalRow) => readonly PrintLink[];
}

type Step = 'submit' | 'cancel' | 'remove' | 'amend';

export function DocumentView({ entity, row, onEdit, onDone, summary, submittable, printLinks }: DocumentViewProps) {
  const { t, i18n } = useLingui();
  const panel = usePanelData();
  const can = useCanAccess();
  const titles = useReferenceMaps(entity.fields);
  const problem = useRowProblem(row.id);
  const [busy, setBusy] = useState<Step | null>(null);
  const [confirming, setConfirming] = useState<'cancel' | 'remove' | null>(null);
  const state = documentState(row);
  const lines = (row.lines as Line[] | undefined) ?? [];
  const may = (action: 'update' | 'delete' | 'submit' | 'cancel' | 'create') => can(permission(entity, action));
  const singular = inSentence(i18n._(entity.label));

  async function act(step: Step) {
    if (!panel) return;
    setBusy(step);
    try {
      if (step === 'submit') {
        await panel.data.submit(entity, row.id);
        showToast(t`Submitted. It becomes final once the server accepts it.`, { type: 'success' });
      } else if (step === 'cancel') {
        await panel.data.cancel(entity, row.id);
        showToast(t`Cancelled. The reversal is posted once the server accepts it.`, { type: 'success' });
      } else if (step === 'remove') {
        await panel.data.remove(entity, row.id);
        onDone({});
      } else onDone({ amended: await panel.data.amend(entity, row.id) });
      setConfirming(null);
    } catch (error) {
      showToast(describeError(i18n, error), { type: 'error' });
    } finally {
      setBusy(null);
    }
  }

  return (
    <article className="flex flex-col gap-5">
      <DocumentPrint entity={entity} row={row} state={state} />
      <div className="flex flex-wrap items-center gap-3">
        <span className="text-lg font-bold text-slate-900">
          {row.number ? <Ltr>{String(row.number)}</Ltr> : state === 'submitting' ? <Trans>Number pending</Trans> : <Trans>Draft</Trans>}
        </span>
        <DocumentStatusBadge state={state} />
        <UnsentMark row={row} />
      </div>
      {problem && <RefusalAlert problem={problem} />}
      <PresenceNote entity={entity.key} id={row.id} document />
      <dl className="grid gap-x-6 gap-y-3 rounded-xl p-4 ring-1 ring-slate-200 sm:grid-cols-2 print:ring-0">
        {applyingFields(shownFields(entity), row).map(([name, field]) => (
          <div key={name} className="min-w-0">
            <dt className="text-xs font-medium text-slate-600">{i18n._(field.label)}</dt>
            <dd className="text-sm text-slate-900">
              <FieldValue field={field} name={name} value={row[name]} titles={titles.get(name)} />
            </dd>
          </div>
        ))}
      </dl>
      <DocumentLines entity={entity} lines={lines} />
      {summary?.(row)}
      {typeof row.submittedAt === 'string' && (
        <p className="text-xs text-slate-600">
          <Trans>Submitted on {formatDate(row.submittedAt)}</Trans>
        </p>
      )}
      <DocumentHistory entity={entity} id={row.id} />
      <div className="flex flex-wrap gap-2 print:hidden">
        {state === 'draft' && onEdit && may('update') && (
          <Button icon={<EditIcon />} onClick={onEdit} variant="secondary">
            <Trans>Edit</Trans>
          </Button>
        )}
        {state === 'draft' && may('submit') && (submittable?.(row) ?? true) && (
          <Button loading={busy === 'submit'} disabled={busy !== null} onClick={() => void act('submit')}>
            <Trans>Submit</Trans>
          </Button>
        )}
        {state === 'draft' && may('delete') && (
          <Button
            variant="secondary"
            className="text-red-700"
            icon={<TrashIcon />}
            disabled={busy !== null}
            onClick={() => setConfirming('remove')}
          >
            <Trans>Delete draft</Trans>
          </Button>
        )}
        {state === 'submitted' && may('cancel') && (
          <Button variant="secondary" className="text-red-700" disabled={busy !== null} onClick={() => setConfirming('cancel')}>
            <Trans>Cancel this document</Trans>
          </Button>
        )}
        {state === 'cancelled' && may('create') && (
          <Button variant="secondary" loading={busy === 'amend'} disabled={busy !== null} onClick={() => void act('amend')}>
            <Trans>Amend</Trans>
          </Button>
        )}
        <PrintButton links={printLinks?.(row)} />
      </div>
      <ConfirmDialog
        open={confirming !== null}
        tone="danger"
        title={confirming === 'cancel' ? t`Cancel this ${singular}?` : t`Delete this draft?`}
        confirmLabel={confirming === 'cancel' ? t`Cancel it` : t`Delete`}
        cancelLabel={t`Keep it`}
        busy={busy !== null}
        onConfirm={() => void act(confirming === 'cancel' ? 'cancel' : 'remove')}
        onCancel={() => setConfirming(null)}
      >
        <p>
          {confirming === 'cancel'
            ? t`Its effects are reversed and it keeps its number, marked cancelled. You can amend it into a new draft afterwards.`
            : t`The draft is removed from this device now and from the server at the next sync.`}
        </p>
      </ConfirmDialog>
    </article>
  );
}

/** The last refusal of the document's steps, in the words of that step. */
function RefusalAlert({ problem }: { problem: SyncProblem }) {
  return (
    <Alert tone="warning" title={useRefusalTitle(problem)}>
      <RefusalReason problem={problem} />
      <p className="text-xs">
        <RefusalOutcome problem={problem} />
      </p>
    </Alert>
  );
}
