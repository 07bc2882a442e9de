/**
 * What a rejected change was: which record, each write of the person's in order (the rejected one
 * and those held behind it), the values they set beside the server's values as they are now, the
 * fields the server refused, and what has happened to the record since.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { entityByKey } from '../../contract/modules.ts';
import type { Entity, Row } from '../../contract/entity.ts';
import { formatList, formatNumber, inSentence } from '../../i18n/format.ts';
import type { OutboxEntry, SyncProblem } from '../../storage/localRecords.ts';
import { combinedChange } from '../../storage/syncProblems.ts';
import { fieldProblemMessage } from '../../panel/entity/fieldProblems.ts';
import { FieldValue } from '../../panel/entity/FieldValue.tsx';
import { rowTitle } from '../../panel/entity/referenceTitles.ts';
import { useReferenceMaps } from '../../panel/entity/useReferenceMaps.ts';

export function ProblemDetails({ problem, server }: { problem: SyncProblem; server: Row | null }) {
  const { t, i18n } = useLingui();
  const entity = entityByKey(problem.entity);
  const titles = useReferenceMaps(entity);
  if (!entity) return <p className="text-sm text-slate-700">{problem.entity}</p>;
  const what = inSentence(i18n._(entity.label));
  const change = combinedChange(problem);
  const name = rowTitle(entity, { ...(server ?? {}), ...change.values }) || what;
  // A refused step of a document (its submit or cancel) is named as the step, not as an edit.
  const heading =
    problem.op === 'submit'
      ? t`Submit ${what} “${name}”`
      : problem.op === 'cancel'
        ? t`Cancel ${what} “${name}”`
        : change.op === 'create'
          ? t`Add ${what} “${name}”`
          : change.op === 'update'
            ? t`Change ${what} “${name}”`
            : t`Delete ${what} “${name}”`;
  const changed = Object.keys(change.values).filter((field) => entity.fields[field]);
  const heldCount = problem.held.length;
  const serverVersion = formatNumber(server?.version ?? 0);
  return (
    <div className="flex flex-col gap-3">
      <h2 className="font-semibold text-slate-900">{heading}</h2>
      {heldCount > 0 && (
        <>
          <p className="text-sm text-slate-700">
            <Plural
              value={heldCount}
              one="You made # more change to this record after this one. It was held, not sent: it builds on this change, so it would have overwritten a version you never saw."
              other="You made # more changes to this record after this one. They were held, not sent: they build on this change, so they would have overwritten a version you never saw."
            />
          </p>
          <ol className="list-decimal ps-6 text-sm text-slate-700 rtl:list-[persian]">
            {[problem, ...problem.held].map((write, i) => (
              <li key={write.mutationId}>
                <WriteSummary entity={entity} write={write} />
                {i === 0 ? <Trans> (refused)</Trans> : <Trans> (held)</Trans>}
              </li>
            ))}
          </ol>
        </>
      )}
      {changed.length > 0 && (
        <table className="w-full text-start text-sm">
          <thead>
            <tr className="text-xs text-slate-600">
              <th scope="col" className="pe-3 text-start font-medium"><Trans>Field</Trans></th>
              <th scope="col" className="pe-3 text-start font-medium"><Trans>Your change</Trans></th>
              {server && !server.deleted && <th scope="col" className="text-start font-medium"><Trans>On the server now</Trans></th>}
            </tr>
          </thead>
          <tbody>
            {changed.map((field) => {
              const declared = entity.fields[field]!;
              const reason = problem.fields?.[field];
              return (
                <tr key={field} className="align-top">
                  <th scope="row" className="pe-3 text-start font-medium text-slate-600">{i18n._(declared.label)}</th>
                  <td className="pe-3 text-slate-900">
                    <FieldValue field={declared} value={change.values[field]} titles={titles.get(field)} />
                    {reason && <p className="text-red-700">{fieldProblemMessage(i18n, declared, reason)}</p>}
                  </td>
                  {server && !server.deleted && (
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
      {server?.deleted ? (
        <p className="text-sm font-medium text-slate-800"><Trans>This record has since been deleted on the server.</Trans></p>
      ) : (
        server && change.op !== 'create' && <p className="text-xs text-slate-600"><Trans>The server now holds version {serverVersion} of this record.</Trans></p>
      )}
      {problem.newerOwnChangeAt && (
        <p className="text-sm text-emerald-800"><Trans>A newer change of yours to this record is already on the server.</Trans></p>
      )}
    </div>
  );
}

/** One write in words: which fields it set, or that it deleted the record. */
function WriteSummary({ entity, write }: { entity: Entity; write: Pick<OutboxEntry, 'op' | 'values'> }) {
  const { i18n } = useLingui();
  if (write.op === 'delete') return <Trans>Delete the record</Trans>;
  if (write.op === 'submit') return <Trans>Submit it</Trans>;
  if (write.op === 'cancel') return <Trans>Cancel it</Trans>;
  const fields = formatList(Object.keys(write.values ?? {}).filter((f) => entity.fields[f]).map((f) => i18n._(entity.fields[f]!.label)));
  return write.op === 'create' ? <Trans>Add the record ({fields})</Trans> : <Trans>Change {fields}</Trans>;
}
