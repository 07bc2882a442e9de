/**
 * What a refused change was, in a shopkeeper's words: which document or record (its number, title
 * or date), what was refused (a submit, a cancel, a change), each of the person's writes in order
 * when later ones were held behind it, the values they set beside what is saved now, the fields
 * the server refused, and what has happened to the record since.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { Entity, Row } from '../../contract/entity.ts';
import { formatList } from '../../i18n/format.ts';
import type { OutboxEntry, SyncProblem } from '../../storage/localRecords.ts';
import { combinedChange } from '../../storage/syncProblems.ts';
import { useDocumentName } from '../../panel/document/documentName.ts';
import { refusedStep } from '../../panel/document/StepRefusal.tsx';
import { fieldProblemMessage } from '../../panel/entity/fieldProblems.ts';
import { FieldValue } from '../../panel/entity/FieldValue.tsx';
import { useReferenceMaps } from '../../panel/entity/useReferenceMaps.ts';

/** The card's heading: the record by name, and the step that was refused. */
export function useProblemHeading(entity: Entity, problem: SyncProblem, server: Row | null): string {
  const { t } = useLingui();
  const nameOf = useDocumentName();
  const change = combinedChange(problem);
  const name = nameOf(entity, { ...(server ?? {}), ...change.values });
  switch (refusedStep(problem)) {
    case 'submit':
      return t`${name} was not submitted`;
    case 'cancel':
      return t`${name} was not cancelled`;
    case 'delete':
      return t`${name} was not deleted`;
    default:
      return change.op === 'create' ? t`${name} was not saved on the server` : t`Your change to ${name} was not saved on the server`;
  }
}

export function ProblemDetails({ entity, problem, server }: { entity: Entity; problem: SyncProblem; server: Row | null }) {
  const { i18n } = useLingui();
  const titles = useReferenceMaps(entity?.fields);
  const change = combinedChange(problem);
  const changed = Object.keys(change.values).filter((field) => entity.fields[field]);
  const heldCount = problem.held.length;
  const standing = server && !server.deleted;
  if (heldCount === 0 && changed.length === 0 && !server?.deleted && !problem.newerOwnChangeAt) return null;
  return (
    <div className="flex flex-col gap-3">
      {heldCount > 0 && (
        <>
          <p className="text-sm text-slate-700">
            <Plural
              value={heldCount}
              one="You made # more change after this one. It is waiting here, not sent: it was made on top of the refused one."
              other="You made # more changes after this one. They are waiting here, not sent: they were made on top of the refused one."
            />
          </p>
          <ol className="list-decimal ps-6 text-sm text-slate-700 rtl:list-[persian]">
            {[problem, ...problem.held].map((write, i) => (
              <li key={write.mutationId}>
                <WriteSummary entity={entity} write={write} />
                {i === 0 ? <Trans> (refused)</Trans> : <Trans> (waiting)</Trans>}
              </li>
            ))}
          </ol>
        </>
      )}
      {changed.length > 0 && (
        <table className="w-full text-start text-sm">
          <thead>
            <tr className="text-xs text-slate-600">
              <th scope="col" className="pe-3 text-start font-medium">
                <Trans>Field</Trans>
              </th>
              <th scope="col" className="pe-3 text-start font-medium">
                <Trans>What you wrote</Trans>
              </th>
              {standing && (
                <th scope="col" className="text-start font-medium">
                  <Trans>What is saved now</Trans>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {changed.map((field) => {
              const declared = entity.fields[field]!;
              const reason = problem.fields?.[field];
              return (
                <tr key={field} className="align-top">
                  <th scope="row" className="pe-3 text-start font-medium text-slate-600">
                    {i18n._(declared.label)}
                  </th>
                  <td className="pe-3 text-slate-900">
                    <FieldValue field={declared} value={change.values[field]} titles={titles.get(field)} />
                    {reason && <p className="text-red-700">{fieldProblemMessage(i18n, declared, reason)}</p>}
                  </td>
                  {standing && (
                    <td className="text-slate-900">
                      <FieldValue field={declared} value={server[field]} titles={titles.get(field)} />
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {server?.deleted && (
        <p className="text-sm font-medium text-slate-800">
          <Trans>Someone has deleted it since.</Trans>
        </p>
      )}
      {problem.newerOwnChangeAt && (
        <p className="text-sm text-emerald-800">
          <Trans>A later change of yours to it has been saved since.</Trans>
        </p>
      )}
    </div>
  );
}

/** One write in words: which fields it set, or that it deleted the record. */
function WriteSummary({ entity, write }: { entity: Entity; write: Pick<OutboxEntry, 'op' | 'values'> }) {
  const { i18n } = useLingui();
  if (write.op === 'delete') return <Trans>Delete it</Trans>;
  if (write.op === 'submit') return <Trans>Submit it</Trans>;
  if (write.op === 'cancel') return <Trans>Cancel it</Trans>;
  const fields = formatList(
    Object.keys(write.values ?? {})
      .filter((f) => entity.fields[f])
      .map((f) => i18n._(entity.fields[f]!.label)),
  );
  return write.op === 'create' ? <Trans>Add it ({fields})</Trans> : <Trans>Change {fields}</Trans>;
}
