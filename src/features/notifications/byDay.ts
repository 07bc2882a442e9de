/** The inbox's days: notifications grouped by the day they came (the Jalali day in Persian). */
import { formatDate } from '../../i18n/format.ts';
import type { LocalRow } from '../../storage/localRecords.ts';

/** The rows by day, in the order given (newest first). */
export function byDay(rows: readonly LocalRow[]): { day: string; rows: LocalRow[] }[] {
  const groups: { day: string; rows: LocalRow[] }[] = [];
  for (const row of rows) {
    const day = formatDate(String(row.at ?? row.updatedAt), 'long');
    const last = groups[groups.length - 1];
    if (last?.day === day) last.rows.push(row);
    else groups.push({ day, rows: [row] });
  }
  return groups;
}
