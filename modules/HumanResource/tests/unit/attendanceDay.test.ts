/** The in/out report's day arithmetic: night shifts, Tehran without summer time, leap Esfand. */
import { describe, expect, it } from 'vitest';
import {
  instantOnWorkDay,
  jalaliMonthDays,
  personDays,
  shiftOf,
  summariseDay,
  tehranDay,
  tehranInstant,
  tehranOffset,
  workDayOf,
  type PunchInput,
} from '../../rules/attendanceDay.ts';

const at = (iso: string) => new Date(iso).getTime();
const punch = (iso: string, direction: 'in' | 'out', status: PunchInput['status'] = 'accepted'): PunchInput => ({
  at: new Date(iso).toISOString(),
  direction,
  status,
});
const later = at('2030-01-01T00:00:00Z');

describe('Tehran time', () => {
  it('has no summer time since 2022: midsummer 1404 is +03:30 like midwinter', () => {
    expect(tehranOffset(at('2025-07-15T08:00:00Z'))).toBe(210);
    expect(tehranOffset(at('2026-01-15T08:00:00Z'))).toBe(210);
    expect(tehranInstant('2025-07-15', 8 * 60)).toBe(at('2025-07-15T04:30:00Z'));
  });

  it('still knows the summer time of years before 2022', () => {
    expect(tehranOffset(at('2021-07-15T08:00:00Z'))).toBe(270);
  });

  it('splits days at local midnight, not at UTC midnight', () => {
    expect(tehranDay(at('2025-11-23T20:29:00Z'))).toBe('2025-11-23');
    expect(tehranDay(at('2025-11-23T20:31:00Z'))).toBe('2025-11-24');
  });
});

describe('Jalali months', () => {
  it('gives Esfand 30 days in a leap year (1403) and 29 otherwise (1404)', () => {
    const leap = jalaliMonthDays(1403, 12);
    expect(leap).toHaveLength(30);
    expect(leap[0]).toBe('2025-02-19');
    expect(leap.at(-1)).toBe('2025-03-20');
    expect(jalaliMonthDays(1404, 12)).toHaveLength(29);
  });

  it('gives the first six months 31 days and Mehr to Bahman 30, starting on Farvardin 1', () => {
    expect(jalaliMonthDays(1404, 1)[0]).toBe('2025-03-21');
    expect(jalaliMonthDays(1404, 6)).toHaveLength(31);
    expect(jalaliMonthDays(1404, 7)).toHaveLength(30);
    expect(jalaliMonthDays(1404, 9)[0]).toBe('2025-11-22');
  });
});

describe('a day of work', () => {
  const day = shiftOf({
    workDays: ['sat', 'sun', 'mon', 'tue', 'wed'],
    shiftStart: '08:00',
    shiftEnd: '16:00',
    graceMinutes: 10,
    breakMinutes: 30,
    countsOvertime: true,
    overtimeAfterMinutes: 15,
  });

  it('counts worked minutes less the break, lateness beyond the grace, and overtime past the threshold', () => {
    // Saturday 1404-09-01 = 2025-11-22; 08:20 in, 17:00 out (Tehran) = 04:50Z, 13:30Z.
    const s = summariseDay('2025-11-22', day, [punch('2025-11-22T04:50:00Z', 'in'), punch('2025-11-22T13:30:00Z', 'out')], later);
    expect(s).toMatchObject({ workDay: true, worked: 8 * 60 + 40 - 30, late: 20, earlyLeave: 0, overtime: 60, absent: false, open: false });
  });

  it('forgives lateness within the grace and counts leaving early', () => {
    const s = summariseDay('2025-11-22', day, [punch('2025-11-22T04:35:00Z', 'in'), punch('2025-11-22T11:30:00Z', 'out')], later);
    expect(s.late).toBe(0);
    expect(s.earlyLeave).toBe(60);
  });

  it('marks a work day without punches absent once it is over, but not a day off or one still to come', () => {
    expect(summariseDay('2025-11-22', day, [], later).absent).toBe(true);
    expect(summariseDay('2025-11-28', day, [], later)).toMatchObject({ workDay: false, absent: false });
    expect(summariseDay('2025-11-22', day, [], at('2025-11-22T06:00:00Z')).absent).toBe(false);
  });

  it('counts no absence before the hire date or after the day they left', () => {
    expect(summariseDay('2025-11-22', day, [], later, { from: '2025-11-23' })).toMatchObject({ workDay: false, absent: false });
    expect(summariseDay('2025-11-24', day, [], later, { until: '2025-11-23' }).absent).toBe(false);
    expect(summariseDay('2025-11-24', day, [], later, { from: '2025-11-23' }).absent).toBe(true);
  });

  it('counts no early leave for a day with no clock-out: it says the out is missing once the shift is over', () => {
    // In at 08:00 Tehran (04:30Z), never out; the shift ends at 16:00 (12:30Z).
    const inOnly = [punch('2025-11-22T04:30:00Z', 'in')];
    expect(summariseDay('2025-11-22', day, inOnly, later)).toMatchObject({ earlyLeave: 0, open: true, noOut: true, absent: false });
    expect(summariseDay('2025-11-22', day, inOnly, at('2025-11-22T09:00:00Z'))).toMatchObject({ earlyLeave: 0, open: true, noOut: false });
  });

  it('treats an out followed by an in as a break, not as leaving early', () => {
    // In 08:00, out 12:00, back 13:00, no out after: the 12:00 out is not the day's end.
    const s = summariseDay(
      '2025-11-22',
      day,
      [punch('2025-11-22T04:30:00Z', 'in'), punch('2025-11-22T08:30:00Z', 'out'), punch('2025-11-22T09:30:00Z', 'in')],
      later,
    );
    expect(s).toMatchObject({ earlyLeave: 0, worked: 240, noOut: true });
  });

  it("takes the rule's break off once: a punched break of an hour leaves nothing more to take off", () => {
    // 08:00–12:00 and 13:00–16:00: 7 hours worked, the 30-minute break already taken as an out and an in.
    const split = [
      punch('2025-11-22T04:30:00Z', 'in'),
      punch('2025-11-22T08:30:00Z', 'out'),
      punch('2025-11-22T09:30:00Z', 'in'),
      punch('2025-11-22T12:30:00Z', 'out'),
    ];
    expect(summariseDay('2025-11-22', day, split, later)).toMatchObject({ worked: 420, earlyLeave: 0, noOut: false });
    // A 10-minute punched break leaves 20 of the rule's 30 to take off.
    const short = [
      punch('2025-11-22T04:30:00Z', 'in'),
      punch('2025-11-22T08:30:00Z', 'out'),
      punch('2025-11-22T08:40:00Z', 'in'),
      punch('2025-11-22T12:30:00Z', 'out'),
    ];
    expect(summariseDay('2025-11-22', day, short, later).worked).toBe(470 - 20);
  });

  it('counts a flagged punch only once accepted, and never a void one', () => {
    const s = summariseDay(
      '2025-11-22',
      day,
      [punch('2025-11-22T04:30:00Z', 'in', 'flagged'), punch('2025-11-22T12:30:00Z', 'out', 'void')],
      later,
    );
    expect(s).toMatchObject({ worked: 0, flagged: 1, firstIn: null, absent: true });
  });
});

describe('a night shift', () => {
  const night = shiftOf({ workDays: ['sat', 'sun', 'mon', 'tue', 'wed', 'thu'], shiftStart: '22:00', shiftEnd: '06:00', graceMinutes: 5 });

  it('counts on the day it starts, across midnight', () => {
    // In Saturday 22:10 Tehran (18:40Z), out Sunday 06:00 Tehran (02:30Z).
    const punches = [punch('2025-11-22T18:40:00Z', 'in'), punch('2025-11-23T02:30:00Z', 'out')];
    expect(workDayOf(at('2025-11-23T02:30:00Z'), night)).toBe('2025-11-22');
    const { days, totals } = personDays(['2025-11-22', '2025-11-23'], night, punches, later);
    expect(days[0]).toMatchObject({ worked: 7 * 60 + 50, late: 10, earlyLeave: 0, absent: false });
    expect(days[1]?.absent).toBe(true);
    expect(totals).toMatchObject({ worked: 470, late: 10, absent: 1 });
  });

  it('places a correction typed as 05:30 on the shift of Saturday on Sunday morning', () => {
    expect(instantOnWorkDay('2025-11-22', 5 * 60 + 30, night)).toBe(at('2025-11-23T02:00:00Z'));
    expect(workDayOf(instantOnWorkDay('2025-11-22', 5 * 60 + 30, night), night)).toBe('2025-11-22');
    expect(instantOnWorkDay('2025-11-22', 22 * 60, night)).toBe(at('2025-11-22T18:30:00Z'));
  });

  it('gives a punch in the afternoon to the shift that starts that evening', () => {
    expect(workDayOf(at('2025-11-23T11:00:00Z'), night)).toBe('2025-11-23');
    expect(workDayOf(at('2025-11-23T08:00:00Z'), night)).toBe('2025-11-22');
  });
});
