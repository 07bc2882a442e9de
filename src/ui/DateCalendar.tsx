/**
 * The month grid of DateField, loaded only when a person opens the picker: DayPicker with the
 * Jalali date library (@daypicker/persian) or the Gregorian one, month and year dropdowns, and the
 * locale's names, digits and direction. Keyboard: arrows move by day (mirrored in RTL), Page
 * Up/Down by month, Home/End to the week's ends, Enter picks.
 */
import { DayPicker as GregorianDayPicker, type Matcher } from '@daypicker/react';
import { enUS as enGregorian, faIR as faGregorian } from '@daypicker/react/locale';
import '@daypicker/react/style.css';
import { DayPicker as JalaliDayPicker, enUS as enJalali, faIR as faJalali } from '@daypicker/persian';
import type { CSSProperties } from 'react';
import type { CalendarKind } from './dateCalendar.ts';
import { useDayButtonLabel } from './dayButtonLabel.ts';

export interface DateCalendarProps {
  calendar: CalendarKind;
  locale: 'fa' | 'en';
  selected: Date | undefined;
  month: Date;
  startMonth: Date;
  endMonth: Date;
  disabled: Matcher[];
  onSelect: (date: Date) => void;
}

const theme = {
  '--rdp-accent-color': 'var(--color-brand-700)',
  '--rdp-accent-background-color': 'var(--color-brand-50)',
  '--rdp-day-height': '40px',
  '--rdp-day-width': '40px',
  '--rdp-day_button-height': '38px',
  '--rdp-day_button-width': '38px',
  '--rdp-nav_button-height': '2.5rem',
  '--rdp-nav_button-width': '2.5rem',
} as CSSProperties;

export function DateCalendar({ calendar, locale, selected, month, startMonth, endMonth, disabled, onSelect }: DateCalendarProps) {
  const labelDayButton = useDayButtonLabel();
  const common = {
    labels: { labelDayButton },
    mode: 'single' as const,
    captionLayout: 'dropdown' as const,
    selected,
    defaultMonth: month,
    startMonth,
    endMonth,
    disabled,
    autoFocus: true,
    fixedWeeks: true,
    dir: locale === 'fa' ? ('rtl' as const) : ('ltr' as const),
    numerals: locale === 'fa' ? ('arabext' as const) : ('latn' as const),
    onSelect: (date: Date | undefined) => date && onSelect(date),
    style: theme,
    className: 'text-sm text-slate-800',
  };
  return calendar === 'jalali' ? (
    <JalaliDayPicker {...common} locale={locale === 'fa' ? faJalali : enJalali} />
  ) : (
    <GregorianDayPicker {...common} locale={locale === 'fa' ? faGregorian : enGregorian} weekStartsOn={locale === 'fa' ? 6 : 1} />
  );
}
