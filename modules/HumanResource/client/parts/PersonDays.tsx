/** One person's days of the report: first in, last out, worked, late, early leave, overtime, absence, flagged. */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { cx, type LocalRow } from '@/moduleKit.ts';
import { formatDate, formatNumber } from '@/i18n/format.ts';
import { dayOfPerson, type PersonReport } from '../attendanceView.ts';
import { DayPunches } from './DayPunches.tsx';
import { formatMinutes } from '../timeText.ts';

export interface PersonDaysProps {
  report: PersonReport;
  clock: (value: string | null) => string;
  rules: readonly LocalRow[];
  punches: readonly LocalRow[];
  /** May add corrections and void punches. */
  manager: boolean;
}

export function PersonDays({ report, clock, rules, punches, manager }: PersonDaysProps) {
  const { t } = useLingui();
  const [open, setOpen] = useState<string | null>(null);
  const name = String(report.person.name);
  const details = open ? dayOfPerson(report.person, open, rules, punches) : null;
  return (
    <div className="mt-4 overflow-x-auto rounded-2xl bg-white ring-1 ring-slate-200">
      <table className="w-full text-sm">
        <caption className="px-3 py-2 text-start font-semibold">{t`Days of ${name}`}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th className="px-3 py-2 text-start font-semibold">{t`Day`}</th>
            <th className="px-3 py-2 text-start font-semibold">{t`First in`}</th>
            <th className="px-3 py-2 text-start font-semibold">{t`Last out`}</th>
            <th className="px-3 py-2 text-start font-semibold">{t`Worked`}</th>
            <th className="px-3 py-2 text-start font-semibold">{t`Late`}</th>
            <th className="px-3 py-2 text-start font-semibold">{t`Early leave`}</th>
            <th className="px-3 py-2 text-start font-semibold">{t`Overtime`}</th>
            <th className="px-3 py-2 text-start font-semibold">{t`Flagged`}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {report.days.map((d) => (
            <tr key={d.day} className={cx(!d.workDay && 'bg-slate-50 text-slate-600', d.absent && 'bg-red-50')}>
              <th scope="row" className="px-3 py-2 text-start font-medium whitespace-nowrap">
                <button
                  type="button"
                  className="min-h-8 text-brand-700 underline print:text-slate-900 print:no-underline"
                  onClick={() => setOpen(d.day)}
                  aria-haspopup="dialog"
                >
                  {formatDate(d.day, 'medium')}
                </button>
                {d.absent && <span className="ms-2 text-xs text-red-800">{t`Absent`}</span>}
                {!d.workDay && <span className="ms-2 text-xs">{t`Day off`}</span>}
              </th>
              <td className="px-3 py-2 tabular-nums">{clock(d.firstIn)}</td>
              <td className="px-3 py-2 tabular-nums">
                {clock(d.lastOut)}
                {d.noOut ? (
                  <span className="ms-1 text-xs text-amber-800">{t`(no clock-out)`}</span>
                ) : (
                  d.open && <span className="ms-1 text-xs text-emerald-800">{t`(at work)`}</span>
                )}
              </td>
              <td className="px-3 py-2 tabular-nums">{formatMinutes(d.worked)}</td>
              <td className="px-3 py-2 tabular-nums">{formatMinutes(d.late)}</td>
              <td className="px-3 py-2 tabular-nums">{formatMinutes(d.earlyLeave)}</td>
              <td className="px-3 py-2 tabular-nums">{formatMinutes(d.overtime)}</td>
              <td className="px-3 py-2 tabular-nums">{d.flagged ? formatNumber(d.flagged) : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {open && details && (
        <DayPunches
          person={report.person}
          day={open}
          shift={details.shift}
          punches={details.punches}
          manager={manager}
          onClose={() => setOpen(null)}
        />
      )}
    </div>
  );
}
