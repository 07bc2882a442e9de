/**
 * The in/out report of many people (hr-attendance.md, ReportIO) from their rows — personnel,
 * rules, punches — with the day arithmetic of attendanceDay.ts. The same code runs on the device
 * (the report opens offline from the rows it holds) and on the server (any range, from SQL).
 */
import { personDays, shiftOf, type DaySummary, type PersonTotals, type PunchInput, type Shift } from './attendanceDay.ts';

/** A row as either side holds it: an id and its fields. */
export type ReportRow = { id: string; deleted?: unknown } & Record<string, unknown>;

export interface PersonReport<R extends ReportRow = ReportRow> {
  person: R;
  days: DaySummary[];
  totals: PersonTotals;
}

export function shiftsBy(rules: readonly ReportRow[]): (person: ReportRow) => Shift {
  const byId = new Map(rules.map((r) => [r.id, shiftOf(r)]));
  const fallback = shiftOf(null);
  return (person) => byId.get(String(person.ruleId)) ?? fallback;
}

export function punchesBy(punches: readonly ReportRow[]): Map<string, PunchInput[]> {
  const by = new Map<string, PunchInput[]>();
  for (const p of punches) {
    if (p.deleted || typeof p.at !== 'string') continue;
    const list = by.get(String(p.personnelId)) ?? [];
    list.push({
      at: p.at,
      t: Date.parse(p.at),
      direction: p.direction === 'out' ? 'out' : 'in',
      status: p.status === 'void' ? 'void' : p.status === 'flagged' ? 'flagged' : 'accepted',
    });
    by.set(String(p.personnelId), list);
  }
  return by;
}

const dayOrNull = (value: unknown) => (typeof value === 'string' && value ? value : null);
export const employmentOf = (person: ReportRow) => ({ from: dayOrNull(person.hireDate), until: dayOrNull(person.leftOn) });

/** The report's order of people: by name, Persian dictionary order. */
export const byName = (a: ReportRow, b: ReportRow) => persianOrder.compare(String(a.name), String(b.name));
const persianOrder = new Intl.Collator('fa');

/** Each active person's days over `days` and their totals. */
export function attendanceReport<R extends ReportRow>(
  days: readonly string[],
  personnel: readonly R[],
  rules: readonly ReportRow[],
  punches: readonly ReportRow[],
  now: number,
): PersonReport<R>[] {
  const shift = shiftsBy(rules);
  const by = punchesBy(punches);
  return personnel
    .filter((p) => !p.deleted)
    .sort(byName)
    .map((person) => ({ person, ...personDays(days, shift(person), by.get(person.id) ?? [], now, employmentOf(person)) }));
}
