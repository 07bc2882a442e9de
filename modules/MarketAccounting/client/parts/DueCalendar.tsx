/**
 * The cheques' due calendar: a month grid (Jalali in Persian, Gregorian in English, as every date
 * of the app) whose days with cheques due stand out; choosing a day shows that day's cheques.
 */
import { DayPicker as GregorianDayPicker } from '@daypicker/react';
import { enUS as enGregorian } from '@daypicker/react/locale';
import '@daypicker/react/style.css';
import { DayPicker as JalaliDayPicker, faIR } from '@daypicker/persian';
import { useLingui } from '@lingui/react/macro';
import type { CSSProperties } from 'react';
import { dateFromIso, isoFromDate, useDayButtonLabel } from '@/moduleKit.ts';

const theme = {
  '--rdp-accent-color': 'var(--color-brand-700)',
  '--rdp-accent-background-color': 'var(--color-brand-50)',
  '--rdp-day-height': '40px',
  '--rdp-day-width': '40px',
  '--rdp-day_button-height': '38px',
  '--rdp-day_button-width': '38px',
} as CSSProperties;

export interface DueCalendarProps {
  /** Days (YYYY-MM-DD) with cheques due. */
  due: readonly string[];
  selected: string | null;
  onSelect: (day: string | null) => void;
}

export function DueCalendar({ due, selected, onSelect }: DueCalendarProps) {
  const { i18n, t } = useLingui();
  const fa = i18n.locale === 'fa';
  const labelDayButton = useDayButtonLabel();
  const common = {
    labels: { labelDayButton },
    mode: 'single' as const,
    selected: dateFromIso(selected) ?? undefined,
    onSelect: (date: Date | undefined) => onSelect(date ? isoFromDate(date) : null),
    modifiers: { due: due.map(dateFromIso).filter((d): d is Date => d !== null) },
    modifiersClassNames: { due: 'font-bold text-amber-800 underline decoration-2 underline-offset-4' },
    style: theme,
    className: 'text-sm text-slate-800',
    'aria-label': t`Due calendar`,
  };
  return fa ? (
    <JalaliDayPicker {...common} locale={faIR} dir="rtl" numerals="arabext" />
  ) : (
    <GregorianDayPicker {...common} locale={enGregorian} weekStartsOn={1} />
  );
}
