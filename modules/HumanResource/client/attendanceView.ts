/**
 * The figures the dashboard and the report read, worked out on the device from the rows it holds
 * (personnel, rules, punches) with the report's day arithmetic (rules/attendanceDay.ts).
 */
import type { LocalRow } from '../../../src/storage/localRecords.ts';
import { addDays, personDays, shiftBounds, shiftOf, summariseDay, workDayOf, type DaySummary, type PersonTotals, type PunchInput, type Shift } from '../rules/attendanceDay.ts';

export interface PersonReport {
  person: LocalRow;
  days: DaySummary[];
  totals: PersonTotals;
}

function shiftsBy(rules: readonly LocalRow[]): (person: LocalRow) => Shift {
  const byId = new Map(rules.map((r) => [r.id, shiftOf(r)]));
  const fallback = shiftOf(null);
  return (person) => byId.get(String(person.ruleId)) ?? fallback;
}

function punchesBy(punches: readonly LocalRow[]): Map<string, PunchInput[]> {
  const by = new Map<string, PunchInput[]>();
  for (const p of punches) {
    if (p.deleted || typeof p.at !== 'string') continue;
    const list = by.get(String(p.personnelId)) ?? [];
    list.push({ at: p.at, direction: p.direction === 'out' ? 'out' : 'in', status: p.status === 'void' ? 'void' : p.status === 'flagged' ? 'flagged' : 'accepted' });
    by.set(String(p.personnelId), list);
  }
  return by;
}

const dayOrNull = (value: unknown) => (typeof value === 'string' && value ? value : null);
const employmentOf = (person: LocalRow) => ({ from: dayOrNull(person.hireDate), until: dayOrNull(person.leftOn) });

/** Each active person's days over `days` and their totals. */
export function attendanceReport(days: readonly string[], personnel: readonly LocalRow[], rules: readonly LocalRow[], punches: readonly LocalRow[], now: number): PersonReport[] {
  const shift = shiftsBy(rules);
  const by = punchesBy(punches);
  return personnel
    .filter((p) => !p.deleted)
    .sort((a, b) => String(a.name).localeCompare(String(b.name), 'fa'))
    .map((person) => ({ person, ...personDays(days, shift(person), by.get(person.id) ?? [], now, employmentOf(person)) }));
}

/** A person's shift and their punches (void ones too) of one work day, for the day's details. */
export function dayOfPerson(person: LocalRow, day: string, rules: readonly LocalRow[], punches: readonly LocalRow[]): { shift: Shift; punches: LocalRow[] } {
  const shift = shiftsBy(rules)(person);
  const mine = punches.filter((p) => !p.deleted && p.personnelId === person.id && typeof p.at === 'string' && workDayOf(new Date(p.at).getTime(), shift) === day);
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

export function todayFigures(today: string, personnel: readonly LocalRow[], rules: readonly LocalRow[], punches: readonly LocalRow[], now: number): Today {
  const shift = shiftsBy(rules);
  const by = punchesBy(punches);
  const inNow = new Map<string, LocalRow[]>();
  const late: LocalRow[] = [];
  const absent: LocalRow[] = [];
  const active = personnel.filter((p) => !p.deleted && p.active !== false);
  const lastPlace = new Map<string, string>();
  for (const p of [...punches].sort((a, b) => String(a.at).localeCompare(String(b.at)))) if (p.status !== 'void') lastPlace.set(String(p.personnelId), String(p.placeId ?? ''));
  const first = addDays(today, -13);
  const came = new Map<string, Set<string>>();
  for (const person of active) {
    const s = shift(person);
    const mine = by.get(person.id) ?? [];
    const todays = mine.filter((p) => workDayOf(new Date(p.at).getTime(), s) === today);
    const day = summariseDay(today, s, todays, now, employmentOf(person));
    if (day.late) late.push(person);
    // Absent today: a work day whose start (and grace) has passed with no punch at all.
    if (day.workDay && !todays.some((p) => p.status !== 'void') && now > shiftBounds(today, s).start + s.grace * 60_000) absent.push(person);
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
