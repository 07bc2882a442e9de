/** What a rejected change was: which record, what the person did, the fields they changed and the ones the server refused. */
import { Trans, useLingui } from '@lingui/react/macro';
import { entityByKey } from '../../contract/entities/index.ts';
import type { SyncProblem } from '../../storage/localRecords.ts';
import { fieldProblemMessage } from '../../ui/entity/fieldProblems.ts';
import { FieldValue } from '../../ui/entity/FieldValue.tsx';
import { rowTitle } from '../../ui/entity/referenceTitles.ts';
import { useReferenceMaps } from '../../ui/entity/useReferenceMaps.ts';

export function ProblemDetails({ problem }: { problem: SyncProblem }) {
  const { t, i18n } = useLingui();
  const entity = entityByKey(problem.entity);
  const titles = useReferenceMaps(entity);
  if (!entity) return <p className="text-sm text-slate-700">{problem.entity}</p>;
  const what = i18n._(entity.label);
  const name = rowTitle(entity, { ...(problem.serverRow ?? {}), ...(problem.values ?? {}) }) || what;
  const heading = problem.op === 'create' ? t`Add ${what} “${name}”` : problem.op === 'update' ? t`Change ${what} “${name}”` : t`Delete ${what} “${name}”`;
  const serverVersion = problem.serverRow?.version ?? 0;
  const changed = Object.entries(problem.values ?? {}).filter(([field]) => entity.fields[field]);
  return (
    <div>
      <h2 className="font-semibold text-slate-900">{heading}</h2>
      {changed.length > 0 && (
        <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          {changed.map(([field, value]) => {
            const declared = entity.fields[field]!;
            const reason = problem.fields?.[field];
            return (
              <div key={field} className="contents">
                <dt className="font-medium text-slate-600">{i18n._(declared.label)}</dt>
                <dd className="text-slate-900">
                  <FieldValue field={declared} value={value} titles={titles.get(field)} />
                  {reason && <p className="text-red-700">{fieldProblemMessage(i18n, declared, reason)}</p>}
                </dd>
              </div>
            );
          })}
        </dl>
      )}
      {problem.serverRow && !problem.serverRow.deleted && problem.op !== 'create' && (
        <p className="mt-3 text-xs text-slate-600">
          <Trans>The server now holds version {serverVersion} of this record.</Trans>
        </p>
      )}
    </div>
  );
}
