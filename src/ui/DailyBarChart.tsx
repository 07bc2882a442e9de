/**
 * Counts per day as a bar chart, drawn with visx: grid lines, bars with their day and number on
 * hover, day labels that thin out on narrow screens; with several series, a group of bars a day
 * and a legend. In Persian the time axis runs right to left, like the text. Screen readers get the
 * same numbers as a table. Load it lazily: visx stays out of the first paint.
 */
import { AxisBottom, AxisLeft, AxisRight } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { useLingui } from '@lingui/react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { formatDate, formatDayMonth, formatNumber } from '../i18n/format.ts';

export interface DayCount {
  /** YYYY-MM-DD */
  date: string;
  count: number;
  /** With `series`: one value per series, in its order (`count` is then unused). */
  values?: readonly number[];
}

export interface ChartSeries {
  label: string;
  /** A CSS colour. */
  color: string;
}

const HEIGHT = 220;
const MARGIN = { top: 12, bottom: 32, side: 36 };

function useWidth<T extends HTMLElement>(): [RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => entry && setWidth(entry.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
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
const plainNumber = (value: number) => formatNumber(value);

const single: readonly ChartSeries[] = [{ label: '', color: 'var(--color-brand-600)' }];

export function DailyBarChart({ days, label, dayHeader, countHeader, series, formatDay = byDay, formatValue = plainNumber }: DailyBarChartProps) {
  const shown = series ?? single;
  const valuesOf = (day: DayCount) => (series ? (day.values ?? []) : [day.count]);
  const { i18n } = useLingui();
  const rtl = i18n.locale === 'fa';
  const [box, width] = useWidth<HTMLDivElement>();
  const innerWidth = Math.max(0, width - MARGIN.side - 8);
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const highest = Math.max(4, ...days.flatMap(valuesOf));
  const x = scaleBand<string>({ domain: days.map((d) => d.date), range: rtl ? [innerWidth, 0] : [0, innerWidth], padding: 0.25 });
  const y = scaleLinear<number>({ domain: [0, highest], range: [innerHeight, 0], nice: true });
  const within = scaleBand<number>({ domain: shown.map((_, i) => i), range: rtl ? [x.bandwidth(), 0] : [0, x.bandwidth()], padding: 0.1 });
  const everyNth = Math.max(1, Math.ceil(days.length / Math.max(1, Math.floor(innerWidth / 64))));
  const tickDates = days.filter((_, i) => (days.length - 1 - i) % everyNth === 0).map((d) => d.date);
  const yTicks = 4;
  const Axis = rtl ? AxisRight : AxisLeft;
  const tickStyle = { fill: '#475569', fontSize: 11, fontFamily: 'inherit', textAnchor: 'middle' as const };

  return (
    <div ref={box} className="w-full">
      {width > 0 && (
        <svg width={width} height={HEIGHT} role="img" aria-label={label}>
          <Group left={rtl ? 8 : MARGIN.side} top={MARGIN.top}>
            {y.ticks(yTicks).map((tick) => (
              <line key={tick} x1={0} x2={innerWidth} y1={y(tick)} y2={y(tick)} stroke="#e2e8f0" />
            ))}
            {days.flatMap((day) =>
              valuesOf(day).map((value, i) => {
                const barHeight = innerHeight - y(value);
                const left = (x(day.date) ?? 0) + (within(i) ?? 0);
                return (
                  <Bar key={`${day.date}-${i}`} x={left} y={innerHeight - barHeight} width={within.bandwidth()} height={barHeight} rx={3} fill={shown[i]?.color}>
                    <title>{`${formatDay.long(day.date)}${series ? ` · ${shown[i]?.label}` : ''}: ${formatValue(value)}`}</title>
                  </Bar>
                );
              }),
            )}
            <AxisBottom top={innerHeight} scale={x} tickValues={tickDates} tickFormat={(date) => formatDay.short(date)} stroke="#cbd5e1" tickStroke="#cbd5e1" tickLabelProps={() => tickStyle} />
            <Axis
              left={rtl ? innerWidth : 0}
              scale={y}
              numTicks={yTicks}
              tickFormat={(value) => formatValue(Number(value))}
              stroke="transparent"
              tickStroke="transparent"
              tickLabelProps={() => ({ ...tickStyle, textAnchor: rtl ? ('start' as const) : ('end' as const), dy: '0.33em' })}
            />
          </Group>
        </svg>
      )}
      {series && (
        <ul className="mt-2 flex flex-wrap gap-4 text-xs text-slate-700" aria-hidden="true">
          {series.map((s) => (
            <li key={s.label} className="flex items-center gap-1.5">
              <span className="size-3 rounded-sm" style={{ background: s.color }} />
              {s.label}
            </li>
          ))}
        </ul>
      )}
      <table className="sr-only">
        <caption>{label}</caption>
        <thead>
          <tr>
            <th scope="col">{dayHeader}</th>
            {series ? series.map((s) => <th key={s.label} scope="col">{s.label}</th>) : <th scope="col">{countHeader}</th>}
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <td>{formatDay.long(day.date)}</td>
              {valuesOf(day).map((value, i) => (
                <td key={i}>{formatValue(value)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
