/**
 * The figures the dashboard and the report read, worked out on the device from the rows it holds
 * (personnel, rules, punches) with the report's day arithmetic (rules/attendanceDay.ts).
 */
import type { LocalRow } from '@/moduleKit.ts';
import { addDays, shiftBounds, summariseDay, workDayOf, type Shift } from '../rules/attendanceDay.ts';
import { employmentOf, punchesBy, shiftsBy, type PersonReport as AnyReport } from '../rules/attendanceReport.ts';

export { attendanceReport, byName } from '../rules/attendanceReport.ts';
export type PersonReport = AnyReport<LocalRow>;

/** A person's shift and their punches (void ones too) of one work day, for the day's details. */
export function dayOfPerson(
  person: LocalRow,
  day: string,
  rules: readonly LocalRow[],
  punches: readonly LocalRow[],
): { shift: Shift; punches: LocalRow[] } {
  const shift = shiftsBy(rules)(person);
  const mine = punches.filter(
    (p) => !p.deleted && p.personnelId === person.id && typeof p.at === 'string' && workDayOf(new Date(p.at).getTime(), shift) === day,
  );
  return { shift, punches: mine };
}

export interface Today {
  /** Place id (or '' for none) → the people whose last counted punch today is an in. */
  inNow: Map<string, LocalRow[]>;
  late: LocalRow[];
  absent: LocalRow[];
  flagged: LocalRow[];
  /** The last 14 days: how many people came each day. */
  days: { date: string; count: number }[];
}

export function todayFigures(
  today: string,
  personnel: readonly LocalRow[],
  rules: readonly LocalRow[],
  punches: readonly LocalRow[],
  now: number,
): Today {
  const shift = shiftsBy(rules);
  const by = punchesBy(punches);
  const inNow = new Map<string, LocalRow[]>();
  const late: LocalRow[] = [];
  const absent: LocalRow[] = [];
  const active = personnel.filter((p) => !p.deleted && p.active !== false);
  const lastPlace = new Map<string, string>();
  for (const p of [...punches].sort((a, b) => String(a.at).localeCompare(String(b.at))))
    if (p.status !== 'void') lastPlace.set(String(p.personnelId), String(p.placeId ?? ''));
  const first = addDays(today, -13);
  const came = new Map<string, Set<string>>();
  for (const person of active) {
    const s = shift(person);
    const mine = by.get(person.id) ?? [];
    const todays = mine.filter((p) => workDayOf(new Date(p.at).getTime(), s) === today);
    const day = summariseDay(today, s, todays, now, employmentOf(person));
    if (day.late) late.push(person);
    // Absent today: a work day whose start (and grace) has passed with no punch at all.
    if (day.workDay && !todays.some((p) => p.status !== 'void') && now > shiftBounds(today, s).start + s.grace * 60_000)
      absent.push(person);
    const counted = todays.filter((p) => p.status === 'accepted').sort((a, b) => a.at.localeCompare(b.at));
    if (counted.at(-1)?.direction === 'in') {
      const place = lastPlace.get(person.id) ?? '';
      inNow.set(place, [...(inNow.get(place) ?? []), person]);
    }
    for (const p of mine) {
      if (p.status !== 'accepted') continue;
      const d = workDayOf(new Date(p.at).getTime(), s);
      if (d >= first && d <= today) came.set(d, (came.get(d) ?? new Set()).add(person.id));
    }
  }
  const flagged = punches.filter((p) => !p.deleted && p.status === 'flagged').sort((a, b) => String(b.at).localeCompare(String(a.at)));
  const days = Array.from({ length: 14 }, (_, i) => addDays(first, i)).map((date) => ({ date, count: came.get(date)?.size ?? 0 }));
  return { inNow, late, absent, flagged, days };
}
