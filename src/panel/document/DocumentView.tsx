/**
 * One document as people read it and act on it (documents.md): its number (or "draft"), its state,
 * its header and lines, the module's totals, why the server refused its last step (in the
 * module's words when it gave details), and the actions its state and the person's role allow:
 * edit, submit, delete a draft; cancel a submitted one; amend a cancelled one; print.
 * Printed, it is its own page (print/DocumentPrint.tsx, decision 028), on A4 or A5.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { permission, shownFields, type DocumentSpec, type Entity, type Line, type Row } from '../../contract/entity.ts';
import type { FieldKind } from '../../contract/fields.ts';
import { describeError } from '../../i18n/describeError.ts';
import { messageForCode } from '../../i18n/errorMessage.ts';
import { formatDate, formatNumber } from '../../i18n/format.ts';
import { useCanAccess } from '../../storage/access.ts';
import type { LocalRow, SyncProblem } from '../../storage/localRecords.ts';
import { usePanelData } from '../../storage/panelData.ts';
import { useRowProblem } from '../../storage/useSyncState.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { EditIcon, TrashIcon } from '../../ui/icons.tsx';
import { cx } from '../../ui/cx.ts';
import { Ltr } from '../../ui/Ltr.tsx';
import { showToast } from '../../ui/toast.ts';
import { FieldValue } from '../entity/FieldValue.tsx';
import { useReferenceMaps } from '../entity/useReferenceMaps.ts';
import { documentState } from './documentState.ts';
import { DocumentStatusBadge } from './DocumentStatusBadge.tsx';
import { DocumentPrint } from './print/DocumentPrint.tsx';
import { PrintButton } from './print/PrintButton.tsx';

/**
 * On a phone a line's figures and dates stay whole (never "110,000,000" over "rials") and its
 * words keep room to read; the table scrolls sideways instead.
 */
const oneLineKinds: ReadonlySet<FieldKind> = new Set(['integer', 'decimal', 'money', 'date', 'dateTime']);

export interface DocumentViewProps {
  entity: Entity & { document: DocumentSpec };
  row: LocalRow;
  onEdit?: () => void;
  /** After a delete or an amend: where to go (the new draft's id for an amend). */
  onDone: (next: { amended?: Row }) => void;
  /** Under the lines: the totals. */
  summary?: (row: LocalRow) => ReactNode;
  /** The module's words for a refusal it gave details of (the stock each line lacks). */
  explain?: (problem: SyncProblem) => ReactNode;
}

type Step = 'submit' | 'cancel' | 'remove' | 'amend';

export function DocumentView({ entity, row, onEdit, onDone, summary, explain }: DocumentViewProps) {
  const { t, i18n } = useLingui();
  const panel = usePanelData();
  const can = useCanAccess();
  const titles = useReferenceMaps(entity);
  const lineTitles = useReferenceMaps({ fields: entity.document.lines });
  const problem = useRowProblem(row.id);
  const [busy, setBusy] = useState<Step | null>(null);
  const [confirming, setConfirming] = useState<'cancel' | 'remove' | null>(null);
  const state = documentState(row);
  const lines = (row.lines as Line[] | undefined) ?? [];
  const may = (action: 'update' | 'delete' | 'submit' | 'cancel' | 'create') => can(permission(entity, action));
  const singular = i18n._(entity.label);

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
        <span className="text-lg font-bold text-slate-900">{row.number ? <Ltr>{String(row.number)}</Ltr> : state === 'submitting' ? <Trans>Number pending</Trans> : <Trans>Draft</Trans>}</span>
        <DocumentStatusBadge state={state} />
      </div>
      {problem && (
        <Alert tone="warning" title={t`The server did not accept the last step`}>
          <p>{problem.message || messageForCode(i18n, problem.code)}</p>
          {explain?.(problem)}
          <p className="text-xs">
            <Trans>Nothing you typed is lost: the document is a draft again. Fix it and submit again, or settle it under Sync problems.</Trans>
          </p>
        </Alert>
      )}
      <dl className="grid gap-x-6 gap-y-3 rounded-xl p-4 ring-1 ring-slate-200 sm:grid-cols-2 print:ring-0">
        {shownFields(entity).map(([name, field]) => (
          <div key={name} className="min-w-0">
            <dt className="text-xs font-medium text-slate-600">{i18n._(field.label)}</dt>
            <dd className="text-sm text-slate-900">
              <FieldValue field={field} name={name} value={row[name]} titles={titles.get(name)} />
            </dd>
          </div>
        ))}
      </dl>
      <div className="overflow-x-auto rounded-xl ring-1 ring-slate-200" role="region" tabIndex={0} aria-label={t`Lines`}>
        <table className="w-full text-start text-sm">
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="w-10 px-3 py-2 text-start font-semibold">#</th>
              {Object.entries(entity.document.lines).map(([name, field]) => (
                <th key={name} scope="col" className="px-3 py-2 text-start font-semibold">
                  {i18n._(field.label)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {lines.map((line, i) => (
              <tr key={line.id}>
                <td className="px-3 py-2 text-slate-600">{formatNumber(i + 1)}</td>
                {Object.entries(entity.document.lines).map(([name, field]) => (
                  <td key={name} className={cx('px-3 py-2 text-slate-900', oneLineKinds.has(field.kind) ? 'whitespace-nowrap' : 'min-w-28')}>
                    <FieldValue field={field} name={name} value={line[name]} titles={lineTitles.get(name)} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {summary?.(row)}
      {typeof row.submittedAt === 'string' && (
        <p className="text-xs text-slate-600">
          <Trans>Submitted on {formatDate(row.submittedAt)}</Trans>
        </p>
      )}
      <div className="flex flex-wrap gap-2 print:hidden">
        {state === 'draft' && onEdit && may('update') && (
          <Button icon={<EditIcon />} onClick={onEdit} variant="secondary">
            <Trans>Edit</Trans>
          </Button>
        )}
        {state === 'draft' && may('submit') && (
          <Button loading={busy === 'submit'} disabled={busy !== null} onClick={() => void act('submit')}>
            <Trans>Submit</Trans>
          </Button>
        )}
        {state === 'draft' && may('delete') && (
          <Button variant="secondary" className="text-red-700" icon={<TrashIcon />} disabled={busy !== null} onClick={() => setConfirming('remove')}>
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
        <PrintButton />
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
