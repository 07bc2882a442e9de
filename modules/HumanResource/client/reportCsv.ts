/** The in/out report as CSV (UTF-8 with BOM, so Excel shows Persian): one line per person and day, then their totals. */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { csvText } from '@/moduleKit.ts';
import type { PersonReport } from './attendanceView.ts';
import { formatClock, formatMinutes } from './timeText.ts';

export function reportCsv(i18n: I18n, reports: readonly PersonReport[], dayLabel: (day: string) => string): string {
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
  ].map((m) => i18n._(m));
  const rows: string[][] = [header];
  const yes = i18n._(msg`Yes`);
  for (const { person, days, totals } of reports) {
    const who = [String(person.code ?? ''), String(person.name ?? '')];
    for (const d of days) {
      rows.push([
        ...who,
        dayLabel(d.day),
        formatClock(d.firstIn),
        formatClock(d.lastOut),
        formatMinutes(d.worked),
        formatMinutes(d.late),
        formatMinutes(d.earlyLeave),
        formatMinutes(d.overtime),
        d.absent ? yes : '',
        d.flagged ? String(d.flagged) : '',
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
      String(totals.absent),
      String(totals.flagged),
    ]);
  }
  return csvText(rows);
}
