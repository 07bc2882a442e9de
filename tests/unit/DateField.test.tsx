import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { toPersianDigits } from '../../src/contract/normalize.ts';
import { DateField } from '../../src/ui/DateField.tsx';
import { formatForInput, parseTypedDate, yearRange, type CalendarKind } from '../../src/ui/dateCalendar.ts';
import { renderApp } from './renderApp.tsx';

function Harness({
  initial = null,
  onChange,
  ...rest
}: {
  initial?: string | null;
  onChange: (iso: string | null) => void;
  calendar?: CalendarKind;
  min?: string;
  max?: string;
}) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <DateField
      label="Birth date"
      value={value}
      onChange={(iso) => {
        setValue(iso);
        onChange(iso);
      }}
      {...rest}
    />
  );
}

async function openCalendar(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: /calendar|تقویم/i }));
  // The first opening fetches the calendar's lazy chunk, which takes a while on a busy machine.
  return screen.findByRole('grid', {}, { timeout: 10_000 });
}

function yearOptions(): HTMLOptionElement[] {
  const selects = screen.getAllByRole('combobox') as HTMLSelectElement[];
  const years = selects.find((s) => /year|سال/i.test(s.getAttribute('aria-label') ?? ''));
  if (!years) throw new Error('no year dropdown');
  return Array.from(years.options);
}

describe('the date picker’s year list', () => {
  it('starts at 1300 and spans 150 Jalali years when no min or max is set', async () => {
    const { user } = await renderApp(<Harness onChange={() => {}} />, { locale: 'fa' });
    await openCalendar(user);
    const options = yearOptions();
    expect(options).toHaveLength(150);
    expect(options[0]?.value).toBe('1300');
    expect(options.at(-1)?.value).toBe('1449');
    expect(options[0]?.textContent).toBe('۱۳۰۰');
  });

  it('spans the 150 Gregorian years 1921–2070 in the Gregorian calendar', async () => {
    const { user } = await renderApp(<Harness onChange={() => {}} />, { locale: 'en' });
    await openCalendar(user);
    const options = yearOptions();
    expect(options).toHaveLength(150);
    expect(options[0]?.value).toBe('1921');
    expect(options.at(-1)?.value).toBe('2070');
  });

  it('follows min and max when they are given', async () => {
    expect(yearRange('jalali')).toEqual({ first: 1300, last: 1449 });
    expect(yearRange('gregorian')).toEqual({ first: 1921, last: 2070 });
    expect(yearRange('jalali', '1990-01-01', '2026-11-22')).toEqual({ first: 1368, last: 1405 });
    expect(yearRange('gregorian', undefined, '2026-11-22')).toEqual({ first: 1921, last: 2026 });
    expect(yearRange('gregorian', '2000-05-05')).toEqual({ first: 2000, last: 2149 });
  });
});

describe('ISO dates in and out', () => {
  it('converts between ISO and Jalali both ways', () => {
    expect(parseTypedDate('1370/06/31')).toBe('1991-09-22');
    expect(parseTypedDate('۱۳۷۰/۶/۳۱')).toBe('1991-09-22');
    expect(parseTypedDate('31/06/1370')).toBe('1991-09-22');
    expect(parseTypedDate('1403/12/30')).toBe('2025-03-20');
    expect(formatForInput('1991-09-22', 'jalali', false)).toBe('1370/06/31');
    expect(formatForInput('1991-09-22', 'jalali', true)).toBe('۱۳۷۰/۰۶/۳۱');
    expect(formatForInput('2025-03-21', 'jalali', false)).toBe('1404/01/01');
  });

  it('converts between ISO and Gregorian both ways', () => {
    expect(parseTypedDate('1991-09-22')).toBe('1991-09-22');
    expect(parseTypedDate('22.9.1991')).toBe('1991-09-22');
    expect(parseTypedDate('19910922')).toBe('1991-09-22');
    expect(formatForInput('1991-09-22', 'gregorian', false)).toBe('1991-09-22');
    expect(formatForInput('1991-09-22', 'gregorian', true)).toBe(toPersianDigits('1991-09-22'));
  });

  it('refuses days that do not exist in their calendar', () => {
    expect(parseTypedDate('1370/07/31')).toBeNull();
    expect(parseTypedDate('2023-02-29')).toBeNull();
    expect(parseTypedDate('1402/12/30')).toBeNull();
    expect(parseTypedDate('tomorrow')).toBeNull();
  });

  it('hands typed Jalali dates (Persian digits) to the form as ISO and shows an ISO value in Jalali', async () => {
    const onChange = vi.fn();
    const { user } = await renderApp(<Harness initial="2025-03-21" onChange={onChange} />, { locale: 'fa' });
    const input = screen.getByRole('textbox', { name: 'Birth date' });
    expect(input).toHaveProperty('value', '۱۴۰۴/۰۱/۰۱');
    await user.clear(input);
    expect(onChange).toHaveBeenLastCalledWith(null);
    await user.type(input, '۱۳۷۰/۰۶/۳۱');
    expect(onChange).toHaveBeenLastCalledWith('1991-09-22');
    await user.tab();
    expect(input).toHaveProperty('value', '۱۳۷۰/۰۶/۳۱');
  });

  it('hands a day picked in the Gregorian calendar to the form as ISO', async () => {
    const onChange = vi.fn();
    const { user } = await renderApp(<Harness initial="1991-09-22" calendar="gregorian" onChange={onChange} />, { locale: 'en' });
    const grid = await openCalendar(user);
    await user.click(within(grid).getByRole('button', { name: /^25 September 1991, Wednesday/ }));
    expect(onChange).toHaveBeenLastCalledWith('1991-09-25');
    expect(screen.getByRole('textbox', { name: 'Birth date' })).toHaveProperty('value', '1991-09-25');
  });

  it('lets the person switch the calendar and shows the same day in the other one', async () => {
    const { user } = await renderApp(<Harness initial="1991-09-22" onChange={() => {}} />, { locale: 'fa' });
    await openCalendar(user);
    await user.click(screen.getByRole('button', { name: 'میلادی' }));
    expect(screen.getByRole('textbox', { name: 'Birth date' })).toHaveProperty('value', toPersianDigits('1991-09-22'));
  });

  it('opens from the keyboard with focus in the grid, and Escape closes it with focus back on its button', async () => {
    const { user } = await renderApp(<Harness initial="1991-09-22" onChange={() => {}} />, { locale: 'en' });
    const button = screen.getByRole('button', { name: 'Choose the date from a calendar' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    button.focus();
    await user.keyboard('{Enter}');
    const grid = await screen.findByRole('grid', {}, { timeout: 10_000 });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('dialog', { name: 'Calendar' })).toBeTruthy();
    await waitFor(() => expect(grid.contains(document.activeElement)).toBe(true));
    expect(document.activeElement?.textContent).toBe('22');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('explains a date it cannot read, and a date out of range, next to the field', async () => {
    const onChange = vi.fn();
    const { user } = await renderApp(<Harness min="1990-01-01" max="2000-12-31" onChange={onChange} />, { locale: 'en' });
    const input = screen.getByRole('textbox', { name: 'Birth date' });
    await user.type(input, '1991/13/01');
    await user.tab();
    expect(screen.getByRole('alert').textContent).toMatch(/year\/month\/day/);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    await user.clear(input);
    await user.type(input, '2005-01-01');
    await user.tab();
    expect(screen.getByRole('alert').textContent).toContain('1990-01-01');
    expect(onChange).not.toHaveBeenCalledWith('2005-01-01');
  });
});
