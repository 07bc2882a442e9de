/** The in/out report as one sheet for CSV and Excel: one line per person and day, then their totals. */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Sheet, SheetValue } from '@/moduleKit.ts';
import type { PersonReport } from './attendanceView.ts';
import { formatClock, formatMinutes } from './timeText.ts';

export function reportSheet(i18n: I18n, reports: readonly PersonReport[], title: string, period: string): Sheet {
  const header = [
    msg`Personnel code`,
    msg`Name`,
    msg`Day`,
    msg`First in`,
    msg`Last out`,
    msg`Worked`,
    msg`Late`,
    msg`Early leave`,
    msg`Overtime`,
    msg`Absent`,
    msg`Flagged`,
  ].map((m, i) => ({ header: i18n._(m), kind: i === 2 ? ('date' as const) : ('text' as const) }));
  const rows: SheetValue[][] = [];
  const yes = i18n._(msg`Yes`);
  for (const { person, days, totals } of reports) {
    const who = [String(person.code ?? ''), String(person.name ?? '')];
    for (const d of days) {
      rows.push([
        ...who,
        d.day,
        formatClock(d.firstIn),
        formatClock(d.lastOut),
        formatMinutes(d.worked),
        formatMinutes(d.late),
        formatMinutes(d.earlyLeave),
        formatMinutes(d.overtime),
        d.absent ? yes : '',
        d.flagged ? d.flagged : '',
      ]);
    }
    rows.push([
      ...who,
      i18n._(msg`Total`),
      '',
      '',
      formatMinutes(totals.worked, true),
      formatMinutes(totals.late, true),
      formatMinutes(totals.earlyLeave, true),
      formatMinutes(totals.overtime, true),
      totals.absent,
      totals.flagged,
    ]);
  }
  return { title, about: [period], columns: header, rows };
}
