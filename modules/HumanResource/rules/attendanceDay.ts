/**
 * The in/out report's day arithmetic (hr-attendance.md, ReportIO), pure so it is tested alone.
 * Days are calendar days in Asia/Tehran (YYYY-MM-DD, Gregorian, as stored); a day is split at local
 * midnight except for a shift that crosses it, whose punches belong to the day the shift starts
 * (its day runs from halfway between the last shift's end and its own start). Offsets come from
 * the time-zone data, so Tehran's years with summer time and its years without are both right.
 * Only accepted punches count; a flagged one counts once a manager accepts it.
 */
import { jalaliDate } from '../../../src/contract/jalali.ts';

const MINUTE = 60_000;
const DAY_MINUTES = 24 * 60;

/** "8:00", "08:00" or "۰۸:۰۰" as minutes after midnight, or null. */
export function parseClock(raw: unknown): number | null {
  if (typeof raw !== 'string') return null;
  const ascii = raw.trim().replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0));
  const match = /^(\d{1,2}):(\d{2})$/.exec(ascii);
  if (!match) return null;
  const [h, m] = [Number(match[1]), Number(match[2])];
  return h < 24 && m < 60 ? h * 60 + m : null;
}

const offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Tehran', timeZoneName: 'longOffset' });

/**
 * Tehran's offset from UTC at an instant, in minutes (210 now; 270 in summers before 2022). Asked
 * of the time-zone data once per half hour of time (Tehran's changes fell at local midnight, a
 * half hour in UTC), then remembered: a month's report asks it tens of thousands of times.
 */
export function tehranOffset(at: number): number {
  const slot = Math.floor(at / HALF_HOUR);
  let offset = offsets.get(slot);
  if (offset === undefined) {
    const name = offsetFormat.formatToParts(slot * HALF_HOUR).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT+03:30';
    const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
    offset = match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
    offsets.set(slot, offset);
  }
  return offset;
}

const HALF_HOUR = 30 * MINUTE;
const offsets = new Map<number, number>();

/** The Tehran calendar day of an instant. */
export function tehranDay(at: number | Date): string {
  const ms = typeof at === 'number' ? at : at.getTime();
  return new Date(ms + tehranOffset(ms) * MINUTE).toISOString().slice(0, 10);
}

/** The day `days` after `day`. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The instant of `minutes` after midnight of a Tehran day (minutes may pass 24 h); remembered, as every person's shift asks the same. */
export function tehranInstant(day: string, minutes: number): number {
  const key = `${day}|${minutes}`;
  let at = instants.get(key);
  if (at === undefined) {
    const [y = 1970, m = 1, d = 1] = day.split('-').map(Number);
    const naive = Date.UTC(y, m - 1, d) + minutes * MINUTE;
    const first = naive - tehranOffset(naive) * MINUTE;
    at = naive - tehranOffset(first) * MINUTE;
    if (instants.size > 100_000) instants.clear();
    instants.set(key, at);
  }
  return at;
}

const instants = new Map<string, number>();

const weekDayKeys = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

export function weekDayOf(day: string): (typeof weekDayKeys)[number] {
  let key = weekDays.get(day);
  if (key === undefined) {
    key = weekDayKeys[new Date(`${day}T12:00:00Z`).getUTCDay()]!;
    if (weekDays.size > 10_000) weekDays.clear();
    weekDays.set(day, key);
  }
  return key;
}

const weekDays = new Map<string, (typeof weekDayKeys)[number]>();

/** The days from `from` to `to`, both included; a range longer than `max` days stops one past it (so the caller sees it is too long). */
export function daysFrom(from: string, to: string, max: number): string[] {
  const days: string[] = [];
  for (let day = from; day <= to && days.length <= max; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The Gregorian days of a Jalali month, in order (29, 30 or 31 of them; Esfand has 30 in leap years). */
export function jalaliMonthDays(year: number, month: number): string[] {
  // Farvardin 1 falls on 20–21 March; start a few days before the month and walk.
  let day = addDays(`${year + 621}-03-15`, (month - 1) * 31 - (month > 6 ? month - 7 : 0) - 3);
  const at = (d: string) => jalaliDate(new Date(`${d}T12:00:00Z`));
  while (!(at(day).year === year && at(day).month === month)) day = addDays(day, 1);
  const days: string[] = [];
  while (at(day).month === month && at(day).year === year) {
    days.push(day);
    day = addDays(day, 1);
  }
  return days;
}

export interface Shift {
  workDays: readonly string[];
  /** Minutes after midnight. */
  start: number;
  end: number;
  grace: number;
  breakMinutes: number;
  countsOvertime: boolean;
  overtimeAfter: number;
}

export function shiftOf(rule: Record<string, unknown> | null | undefined): Shift {
  const num = (v: unknown, fallback: number) => (typeof v === 'number' ? v : fallback);
  return {
    workDays: Array.isArray(rule?.workDays) ? (rule.workDays as string[]) : ['sat', 'sun', 'mon', 'tue', 'wed', 'thu'],
    start: parseClock(rule?.shiftStart) ?? 8 * 60,
    end: parseClock(rule?.shiftEnd) ?? 16 * 60,
    grace: num(rule?.graceMinutes, 0),
    breakMinutes: num(rule?.breakMinutes, 0),
    countsOvertime: rule?.countsOvertime === true,
    overtimeAfter: num(rule?.overtimeAfterMinutes, 0),
  };
}

export const crossesMidnight = (shift: Shift) => shift.end <= shift.start;

/** The instants the shift of `day` starts and ends. */
export function shiftBounds(day: string, shift: Shift): { start: number; end: number } {
  return { start: tehranInstant(day, shift.start), end: tehranInstant(day, shift.end + (crossesMidnight(shift) ? DAY_MINUTES : 0)) };
}

/** Where the work day `day` begins: local midnight, or for a night shift halfway through the gap before it. */
export function dayBegins(day: string, shift: Shift): number {
  if (!crossesMidnight(shift)) return tehranInstant(day, 0);
  const gap = shift.start - shift.end;
  return tehranInstant(day, shift.end + Math.floor(gap / 2));
}

/** The instant of a clock time on a work day: for a night shift, a time before its day begins is the next morning's. */
export function instantOnWorkDay(day: string, minutes: number, shift: Shift): number {
  const same = tehranInstant(day, minutes);
  return same < dayBegins(day, shift) ? tehranInstant(addDays(day, 1), minutes) : same;
}

/** The instants (ISO, end excluded) that hold every punch of the work days `from`…`to`: a night shift's reach into the next morning, a day's start the evening before. */
export function punchWindow(from: string, to: string): [string, string] {
  return [new Date(tehranInstant(addDays(from, -1), 0)).toISOString(), new Date(tehranInstant(addDays(to, 2), 0)).toISOString()];
}

/** The work day a punch at `at` belongs to. */
export function workDayOf(at: number, shift: Shift): string {
  const local = tehranDay(at);
  return at >= dayBegins(local, shift) ? local : addDays(local, -1);
}

export interface PunchInput {
  at: string;
  direction: 'in' | 'out';
  status: 'accepted' | 'flagged' | 'void';
  /** `at` in milliseconds, when already worked out. */
  t?: number;
}

/** The days a person worked here: from the hire date to the day they left (both YYYY-MM-DD, either open). */
export interface Employment {
  from?: string | null;
  until?: string | null;
}

export interface DaySummary {
  day: string;
  workDay: boolean;
  firstIn: string | null;
  lastOut: string | null;
  /** Minutes. */
  worked: number;
  late: number;
  earlyLeave: number;
  overtime: number;
  absent: boolean;
  /** Flagged punches still waiting for a manager. */
  flagged: number;
  /** An in with no out after it. */
  open: boolean;
  /** Open once the shift is over: the clock-out was never punched (its early leave is unknown, not counted). */
  noOut: boolean;
}

/** One person's day from the punches that belong to it; `now` keeps days not over yet from counting as absent. */
export function summariseDay(
  day: string,
  shift: Shift,
  punches: readonly PunchInput[],
  now: number,
  employed: Employment = {},
): DaySummary {
  const inService = (!employed.from || day >= employed.from) && (!employed.until || day <= employed.until);
  const workDay = inService && shift.workDays.includes(weekDayOf(day));
  const flagged = punches.filter((p) => p.status === 'flagged').length;
  const counted = punches
    .filter((p) => p.status === 'accepted')
    .map((p) => ({ direction: p.direction, t: p.t ?? Date.parse(p.at) }))
    .sort((a, b) => a.t - b.t);
  const ins = counted.filter((p) => p.direction === 'in');
  const outs = counted.filter((p) => p.direction === 'out');
  const firstIn = ins[0]?.t ?? null;
  const lastOut = outs.at(-1)?.t ?? null;
  let paired = 0;
  let away = 0;
  let openedAt: number | null = null;
  let leftAt: number | null = null;
  for (const p of counted) {
    if (p.direction === 'in') {
      if (openedAt === null && leftAt !== null) away += p.t - leftAt;
      openedAt ??= p.t;
    } else if (openedAt !== null) {
      paired += p.t - openedAt;
      openedAt = null;
      leftAt = p.t;
    }
  }
  const rawWorked = Math.round(paired / MINUTE);
  // The rule's break comes off the worked time unless it was taken as an out and an in (then it is already off).
  const unpunchedBreak = Math.max(0, shift.breakMinutes - Math.round(away / MINUTE));
  const worked = rawWorked > unpunchedBreak ? rawWorked - unpunchedBreak : rawWorked;
  const { start, end } = shiftBounds(day, shift);
  const open = openedAt !== null;
  const minutesPast = (a: number, b: number) => Math.max(0, Math.round((a - b) / MINUTE));
  const late = workDay && firstIn !== null && minutesPast(firstIn, start) > shift.grace ? minutesPast(firstIn, start) : 0;
  // An out followed by a later in is a break, not the end of the day: only a day that ends on an out leaves early.
  const earlyLeave = workDay && !open && lastOut !== null && minutesPast(end, lastOut) > shift.grace ? minutesPast(end, lastOut) : 0;
  let overtime = 0;
  if (shift.countsOvertime) {
    if (!workDay) overtime = worked;
    else if (lastOut !== null && minutesPast(lastOut, end) > shift.overtimeAfter) overtime = minutesPast(lastOut, end);
  }
  const over = now >= end;
  return {
    day,
    workDay,
    firstIn: firstIn === null ? null : new Date(firstIn).toISOString(),
    lastOut: lastOut === null ? null : new Date(lastOut).toISOString(),
    worked,
    late,
    earlyLeave,
    overtime,
    absent: workDay && over && counted.length === 0,
    flagged,
    open,
    noOut: open && over,
  };
}

export interface PersonTotals {
  worked: number;
  late: number;
  earlyLeave: number;
  overtime: number;
  absent: number;
  flagged: number;
}

/** Each day of `days` for one person, and their totals. */
export function personDays(
  days: readonly string[],
  shift: Shift,
  punches: readonly PunchInput[],
  now: number,
  employed: Employment = {},
): { days: DaySummary[]; totals: PersonTotals } {
  const byDay = new Map<string, PunchInput[]>();
  for (const punch of punches) {
    const p = punch.t === undefined ? { ...punch, t: Date.parse(punch.at) } : punch;
    const day = workDayOf(p.t!, shift);
    const list = byDay.get(day);
    if (list) list.push(p);
    else byDay.set(day, [p]);
  }
  const summaries = days.map((day) => summariseDay(day, shift, byDay.get(day) ?? [], now, employed));
  const totals: PersonTotals = { worked: 0, late: 0, earlyLeave: 0, overtime: 0, absent: 0, flagged: 0 };
  for (const s of summaries) {
    totals.worked += s.worked;
    totals.late += s.late;
    totals.earlyLeave += s.earlyLeave;
    totals.overtime += s.overtime;
    totals.absent += s.absent ? 1 : 0;
    totals.flagged += s.flagged;
  }
  return { days: summaries, totals };
}
