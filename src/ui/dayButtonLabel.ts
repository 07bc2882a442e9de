/**
 * The name a calendar's day button is read by: the day's number first ("1 March 1990, Thursday,
 * today"), so the figure a person sees is part of what a screen reader or voice control calls it
 * (DayPicker's own "Sunday, November 1st, 2026" is not). Every month grid of the app uses it.
 */
import type { DateLib, Modifiers } from '@daypicker/react';
import { useLingui } from '@lingui/react/macro';

export function useDayButtonLabel(): (date: Date, modifiers: Modifiers, options?: unknown, dateLib?: DateLib) => string {
  const { t, i18n } = useLingui();
  return (date, modifiers, _options, dateLib) => {
    const parts = [dateLib ? dateLib.format(date, 'd MMMM yyyy, EEEE') : date.toDateString()];
    if (modifiers.today) parts.push(t`today`);
    if (modifiers.selected) parts.push(t`selected`);
    return parts.join(i18n.locale === 'fa' ? '، ' : ', ');
  };
}
