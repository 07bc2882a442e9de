import { useLingui } from '@lingui/react/macro';
import { Activity } from '../../contract/entities/panelManagement.ts';
import { formatRelative, formatDateTime } from '../../i18n/format.ts';
import type { LocalRow } from '../../storage/localRecords.ts';
import { fieldText } from '../../panel/entity/fieldText.ts';

/** Audit-log entries as sentences: who did what to which record, and when. */
export function ActivityFeed({ rows }: { rows: readonly LocalRow[] }) {
  const { t, i18n } = useLingui();
  if (rows.length === 0) return <p className="text-sm text-slate-600">{t`Nothing has happened in this panel yet.`}</p>;
  return (
    <ol className="divide-y divide-slate-100">
      {rows.map((row) => {
        const who = String(row.actorName ?? '');
        const action = fieldText(i18n, Activity.fields.action, row.action);
        const record = String(row.rowTitle || row.entity || '');
        const at = String(row.at ?? '');
        return (
          <li key={row.id} className="flex items-start justify-between gap-3 py-2.5 text-sm">
            <p className="min-w-0 text-slate-800">
              <span className="font-medium">{who}</span> · {action} · <span className="text-slate-600">{record}</span>
            </p>
            <time dateTime={at} title={formatDateTime(at)} className="shrink-0 text-xs text-slate-500">
              {formatRelative(at)}
            </time>
          </li>
        );
      })}
    </ol>
  );
}
