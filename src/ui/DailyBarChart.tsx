/**
 * Counts per day as a bar chart (`BarChart`): the days named by their day and month, in full on
 * hover and in the screen readers' table; with several series, a group of bars a day and a legend.
 * Load it lazily: visx stays out of the first paint.
 */
import { formatDate, formatDayMonth } from '../i18n/format.ts';
import { BarChart, type ChartSeries } from './BarChart.tsx';

export type { ChartSeries } from './BarChart.tsx';

export interface DayCount {
  /** YYYY-MM-DD */
  date: string;
  count: number;
  /** With `series`: one value per series, in its order (`count` is then unused). */
  values?: readonly number[];
}

export interface DailyBarChartProps {
  days: readonly DayCount[];
  /** What the chart shows, for screen readers ("Writes per day over the last 30 days"). */
  label: string;
  dayHeader: string;
  countHeader: string;
  /** Several values a day (goods in and out), each its own colour. */
  series?: readonly ChartSeries[];
  /** How a bar's date is named, when a bar is more than a day (a month: its first day stands for it). */
  formatDay?: { short: (date: string) => string; long: (date: string) => string };
  /** How values are written (money in a compact form). */
  formatValue?: (value: number) => string;
}

const byDay = { short: (date: string) => formatDayMonth(date), long: (date: string) => formatDate(date) };

export function DailyBarChart({ days, label, dayHeader, countHeader, series, formatDay = byDay, formatValue }: DailyBarChartProps) {
  const groups = days.map((day) => ({
    key: day.date,
    label: formatDay.short(day.date),
    longLabel: formatDay.long(day.date),
    values: series ? (day.values ?? []) : [day.count],
  }));
  return (
    <BarChart
      groups={groups}
      series={series ?? [{ label: countHeader, color: 'var(--color-brand-600)' }]}
      label={label}
      groupHeader={dayHeader}
      formatValue={formatValue}
    />
  );
}
