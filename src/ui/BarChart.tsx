/**
 * Values per group (a day, a Jalali month, a stage, a priority) as bars drawn with visx: grid
 * lines and a value axis, one bar per series in each group with its figure on hover, group names
 * that thin out on narrow screens (days, months) or, for categories (stages, priorities), every
 * one named: wrapped under its bar, or numbered with a key below when a word is wider than the
 * bar's room; a legend when there are several series. In Persian the groups
 * run right to left, like the text. Screen readers get the same figures as a table. Load it
 * lazily (`DailyBarChart` and the modules' charts do): visx stays out of the first paint.
 */
import { AxisBottom, AxisLeft, AxisRight } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { useLingui } from '@lingui/react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { formatNumber } from '../i18n/format.ts';

export interface BarGroup {
  key: string;
  /** The group's name under its bars. */
  label: string;
  /** Its full name, on hover and in the table (a day's whole date); `label` when left out. */
  longLabel?: string;
  /** One value per series, in its order. */
  values: readonly number[];
}

export interface ChartSeries {
  label: string;
  /** A CSS colour. */
  color: string;
}

export interface BarChartProps {
  groups: readonly BarGroup[];
  /** The series, each its own colour; with one, its label heads the table's figures. */
  series: readonly ChartSeries[];
  /** What the chart shows, for screen readers ("Writes per day over the last 30 days"). */
  label: string;
  groupHeader: string;
  /** How values are written (money in a compact form). */
  formatValue?: (value: number) => string;
  /** Each group a category of its own (a stage, a priority): every one is named, none skipped. */
  categories?: boolean;
}

const HEIGHT = 220;
const MARGIN = { top: 12, bottom: 32 };
/** About how wide a character of an axis figure is drawn (11 px type), to make room for the longest. */
const CHAR_WIDTH = 6;
/** The room a group's name needs under the bars. */
const NAME_WIDTH = 64;
/** The height of a line of a group's name. */
const LINE_HEIGHT = 14;

/** How many lines each name takes, wrapped by words into `room` pixels; null when a word is wider. */
export function wrappedLines(names: readonly string[], room: number): number | null {
  let most = 1;
  for (const name of names) {
    let lines = 1;
    let used = 0;
    for (const word of name.split(/\s+/)) {
      const width = word.length * CHAR_WIDTH;
      if (width > room) return null;
      if (used && used + CHAR_WIDTH + width > room) {
        lines++;
        used = width;
      } else used += (used ? CHAR_WIDTH : 0) + width;
    }
    most = Math.max(most, lines);
  }
  return most;
}

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

const plainNumber = (value: number) => formatNumber(value);

export function BarChart({ groups, series, label, groupHeader, formatValue = plainNumber, categories = false }: BarChartProps) {
  const { i18n } = useLingui();
  const rtl = i18n.locale === 'fa';
  const [box, width] = useWidth<HTMLDivElement>();
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const highest = Math.max(4, ...groups.flatMap((g) => g.values));
  const yTicks = 4;
  // Rounded to the axis's own steps, so the top figure is a grid line at or above the highest bar.
  const y = scaleLinear<number>({ domain: [0, highest], range: [innerHeight, 0], nice: yTicks });
  // The value axis takes the room its longest figure needs ("۱۲۰ میلیون" more than "12").
  const side = Math.min(96, Math.max(28, Math.max(...y.ticks(yTicks).map((tick) => formatValue(tick).length)) * CHAR_WIDTH + 12));
  const innerWidth = Math.max(0, width - side - 8);
  const x = scaleBand<string>({ domain: groups.map((g) => g.key), range: rtl ? [innerWidth, 0] : [0, innerWidth], padding: 0.25 });
  const within = scaleBand<number>({ domain: series.map((_, i) => i), range: rtl ? [x.bandwidth(), 0] : [0, x.bandwidth()], padding: 0.1 });
  // On a narrow screen every second (or third…) group is named, counted from the latest, so the names never overlap.
  const everyNth = categories ? 1 : Math.max(1, Math.ceil(groups.length / Math.max(1, Math.floor(innerWidth / NAME_WIDTH))));
  const named = groups.filter((_, i) => (groups.length - 1 - i) % everyNth === 0).map((g) => g.key);
  // Categories are all named: wrapped into their step, or numbered with a key when a word does not fit.
  const room = (groups.length ? innerWidth / groups.length : innerWidth) - 6;
  const lines = categories
    ? wrappedLines(
        groups.map((g) => g.label),
        room,
      )
    : 1;
  const numbered = lines === null;
  const names = new Map(groups.map((g, i) => [g.key, numbered ? formatNumber(i + 1) : g.label]));
  const bottom = MARGIN.bottom + ((lines ?? 1) - 1) * LINE_HEIGHT;
  const longName = (g: BarGroup) => g.longLabel ?? g.label;
  const Axis = rtl ? AxisRight : AxisLeft;
  const tickStyle = { fill: '#475569', fontSize: 11, fontFamily: 'inherit', textAnchor: 'middle' as const };

  return (
    <div ref={box} className="relative w-full">
      {width > 0 && (
        <svg width={width} height={HEIGHT - MARGIN.bottom + bottom} role="img" aria-label={label}>
          <Group left={rtl ? 8 : side} top={MARGIN.top}>
            {y.ticks(yTicks).map((tick) => (
              <line key={tick} x1={0} x2={innerWidth} y1={y(tick)} y2={y(tick)} stroke="#e2e8f0" />
            ))}
            {groups.flatMap((group) =>
              group.values.map((value, i) => {
                const barHeight = innerHeight - y(value);
                const left = (x(group.key) ?? 0) + (within(i) ?? 0);
                return (
                  <Bar
                    key={`${group.key}-${i}`}
                    x={left}
                    y={innerHeight - barHeight}
                    width={within.bandwidth()}
                    height={Math.max(0, barHeight)}
                    rx={3}
                    fill={series[i]?.color}
                  >
                    <title>{`${longName(group)}${series.length > 1 ? ` · ${series[i]?.label}` : ''}: ${formatValue(value)}`}</title>
                  </Bar>
                );
              }),
            )}
            <AxisBottom
              top={innerHeight}
              scale={x}
              tickValues={named}
              tickFormat={(key) => names.get(key) ?? key}
              stroke="#cbd5e1"
              tickStroke="#cbd5e1"
              tickLabelProps={() => (categories && !numbered ? { ...tickStyle, width: room, lineHeight: LINE_HEIGHT } : tickStyle)}
            />
            <Axis
              left={rtl ? innerWidth : 0}
              scale={y}
              numTicks={yTicks}
              tickFormat={(value) => formatValue(Number(value))}
              stroke="transparent"
              tickStroke="transparent"
              // `end` is the text's own end: an English figure ends just left of its axis, a Persian (rtl) one just right of it.
              tickLabelProps={() => ({ ...tickStyle, textAnchor: 'end' as const, dy: '0.33em' })}
            />
          </Group>
        </svg>
      )}
      {numbered && width > 0 && (
        <ol className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700" aria-hidden="true">
          {groups.map((g, i) => (
            <li key={g.key}>
              <span className="font-semibold">{formatNumber(i + 1)}</span> {g.label}
            </li>
          ))}
        </ol>
      )}
      {series.length > 1 && (
        <ul className="mt-2 flex flex-wrap gap-4 text-xs text-slate-700" aria-hidden="true">
          {series.map((s) => (
            <li key={s.label} className="flex items-center gap-1.5">
              <span className="size-3 rounded-sm" style={{ background: s.color }} />
              {s.label}
            </li>
          ))}
        </ul>
      )}
      {/* sr-only on a wrapper: a table cannot be narrower than its content, so it would widen the page. */}
      <div className="sr-only">
        <table>
          <caption>{label}</caption>
          <thead>
            <tr>
              <th scope="col">{groupHeader}</th>
              {series.map((s) => (
                <th key={s.label} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {groups.map((group) => (
              <tr key={group.key}>
                <th scope="row">{longName(group)}</th>
                {group.values.map((value, i) => (
                  <td key={i}>{formatValue(value)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
