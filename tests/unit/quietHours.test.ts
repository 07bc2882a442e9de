/** Quiet hours (decision 047): the rule both the settings and the server read, in Tehran time. */
import { describe, expect, it } from 'vitest';
import { isQuiet, minuteOfDay, parseTimeOfDay, quietEnds } from '../../src/contract/notificationPreferences.ts';

// 2026-11-22 09:00 UTC is 12:30 in Tehran (UTC+03:30, no daylight saving).
const noon = new Date(Date.UTC(2026, 10, 22, 9, 0, 0));

describe('quiet hours', () => {
  it('read the clock in Tehran', () => {
    expect(minuteOfDay(noon)).toBe(12 * 60 + 30);
  });

  it('include their start and not their end, also across midnight', () => {
    const day = { from: 12 * 60, to: 13 * 60 };
    expect([719, 720, 779, 780].map((m) => isQuiet(day, m))).toEqual([false, true, true, false]);
    const night = { from: 22 * 60, to: 7 * 60 };
    expect([1319, 1320, 0, 419, 420, 720].map((m) => isQuiet(night, m))).toEqual([false, true, true, true, false, false]);
    expect(isQuiet({ from: 600, to: 600 }, 600)).toBe(false);
    expect(isQuiet(null, 600)).toBe(false);
  });

  it('end at the next time the clock reads their end, on the minute', () => {
    expect(quietEnds({ from: 12 * 60, to: 13 * 60 }, new Date(noon.getTime() + 15_000))).toEqual(new Date(Date.UTC(2026, 10, 22, 9, 30)));
    // 23:00 in Tehran, quiet until 07:00: the next morning, 03:30 UTC.
    const late = new Date(Date.UTC(2026, 10, 22, 19, 30));
    expect(quietEnds({ from: 22 * 60, to: 7 * 60 }, late)).toEqual(new Date(Date.UTC(2026, 10, 23, 3, 30)));
    expect(quietEnds({ from: 22 * 60, to: 7 * 60 }, noon)).toBeNull();
  });

  it('take times of day written HH:MM only', () => {
    expect(['07:05', '23:59', '24:00', '7:5', 'noon'].map(parseTimeOfDay)).toEqual([425, 1439, null, null, null]);
  });
});
