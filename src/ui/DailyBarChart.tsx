/**
 * Counts per day as a bar chart, drawn with visx: grid lines, bars with their day and number on
 * hover, day labels that thin out on narrow screens. In Persian the time axis runs right to left,
 * like the text. Screen readers get the same numbers as a table. Load it lazily: visx stays out
 * of the first paint.
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
}

export function DailyBarChart({ days, label, dayHeader, countHeader }: DailyBarChartProps) {
  const { i18n } = useLingui();
  const rtl = i18n.locale === 'fa';
  const [box, width] = useWidth<HTMLDivElement>();
  const innerWidth = Math.max(0, width - MARGIN.side - 8);
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const highest = Math.max(4, ...days.map((d) => d.count));
  const x = scaleBand<string>({ domain: days.map((d) => d.date), range: rtl ? [innerWidth, 0] : [0, innerWidth], padding: 0.25 });
  const y = scaleLinear<number>({ domain: [0, highest], range: [innerHeight, 0], nice: true });
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
            {days.map((day) => {
              const barHeight = innerHeight - y(day.count);
              return (
                <Bar key={day.date} x={x(day.date)} y={innerHeight - barHeight} width={x.bandwidth()} height={barHeight} rx={3} fill="var(--color-brand-600)">
                  <title>{`${formatDate(day.date)}: ${formatNumber(day.count)}`}</title>
                </Bar>
              );
            })}
            <AxisBottom top={innerHeight} scale={x} tickValues={tickDates} tickFormat={(date) => formatDayMonth(date)} stroke="#cbd5e1" tickStroke="#cbd5e1" tickLabelProps={() => tickStyle} />
            <Axis
              left={rtl ? innerWidth : 0}
              scale={y}
              numTicks={yTicks}
              tickFormat={(value) => formatNumber(Number(value))}
              stroke="transparent"
              tickStroke="transparent"
              tickLabelProps={() => ({ ...tickStyle, textAnchor: rtl ? ('start' as const) : ('end' as const), dy: '0.33em' })}
            />
          </Group>
        </svg>
      )}
      <table className="sr-only">
        <caption>{label}</caption>
        <thead>
          <tr>
            <th scope="col">{dayHeader}</th>
            <th scope="col">{countHeader}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <td>{formatDate(day.date)}</td>
              <td>{formatNumber(day.count)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
