import { describe, expect, it } from 'vitest';
import { defineEntity, type Entity, type WindowDeclaration } from '../../src/contract/entity.ts';
import { inWindow, windowStart, windowStarts } from '../../src/contract/syncWindow.ts';

// 2026-11-27 is 6 Azar 1405 in Tehran.
const at = new Date('2026-11-27T10:00:00Z');

const label = { id: 'x', message: 'x' };
function entity(window: WindowDeclaration<'on' | 'kind'> | undefined, date: 'date' | 'dateTime' = 'date'): Entity {
  return defineEntity({
    module: 'PanelManagement',
    name: 'WindowProbe',
    label,
    pluralLabel: label,
    fields: { on: { kind: date, label }, kind: { kind: 'text', label } },
    titleField: 'kind',
    listFields: ['on'],
    searchFields: [],
    indexes: ['on'],
    defaultSort: { field: 'on', direction: 'desc' },
    window,
  });
}

describe('a window of history (decision 050)', () => {
  it('starts on the first day of a Jalali month or year', () => {
    expect(windowStart({ field: 'on', months: 1 }, at)).toBe('2026-10-23'); // 1 Aban 1405
    expect(windowStart({ field: 'on', months: 12 }, at)).toBe('2025-11-22'); // 1 Azar 1404
    expect(windowStart({ field: 'on', years: 1 }, at)).toBe('2025-03-21'); // 1 Farvardin 1404
    // Across the year's turn: 12 Farvardin 1405, one month back is 1 Esfand 1404.
    expect(windowStart({ field: 'on', months: 1 }, new Date('2026-04-01T10:00:00Z'))).toBe('2026-02-20');
  });

  it('is shortened, never lengthened, by the server cap', () => {
    expect(windowStart({ field: 'on', years: 1 }, at, 1)).toBe('2026-10-23');
    expect(windowStart({ field: 'on', months: 1 }, at, 12)).toBe('2026-10-23');
  });

  it('names only windowed entities', () => {
    const windowed = entity({ field: 'on', months: 3 });
    const whole = entity(undefined);
    expect(windowStarts([windowed, whole], at)).toEqual({ [windowed.key]: '2026-08-23' });
  });

  it('keeps rows on or after the start, kept ones and undated ones', () => {
    const e = entity({ field: 'on', months: 1, keep: { field: 'kind', values: ['open'] } });
    expect(inWindow(e, { on: '2026-10-23' }, '2026-10-23')).toBe(true);
    expect(inWindow(e, { on: '2026-10-22' }, '2026-10-23')).toBe(false);
    expect(inWindow(e, { on: '2020-01-01', kind: 'open' }, '2026-10-23')).toBe(true);
    expect(inWindow(e, { on: null }, '2026-10-23')).toBe(true);
    expect(inWindow(e, { on: '2020-01-01' }, undefined)).toBe(true);
  });

  it('compares an instant with the Tehran day the window starts', () => {
    const e = entity({ field: 'on', months: 1 }, 'dateTime');
    // 23 Oct 2026 00:00 in Tehran is 22 Oct 20:30 UTC.
    expect(inWindow(e, { on: '2026-10-22T20:30:00.000Z' }, '2026-10-23')).toBe(true);
    expect(inWindow(e, { on: '2026-10-22T20:29:59.999Z' }, '2026-10-23')).toBe(false);
  });

  it('refuses a window without a date field or with both months and years', () => {
    expect(() => entity({ field: 'kind' as 'on', months: 1 })).toThrow(/window/);
    expect(() => entity({ field: 'on', months: 1, years: 1 })).toThrow(/window/);
    expect(() => entity({ field: 'on', months: 1, keep: { field: 'nope' as 'kind', values: [] } })).toThrow(/window/);
  });
});
