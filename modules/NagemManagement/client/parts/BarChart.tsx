/**
 * Values per labelled group (a Jalali month, a stage, a priority) as bars drawn with visx, one bar
 * per series in each group, with a legend; in Persian the groups run right to left like the text.
 * Screen readers get the same figures as a table. Loaded lazily, so visx stays out of first paint.
 */
import { AxisBottom } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { useLingui } from '@lingui/react';
import { useEffect, useRef, useState } from 'react';
import { formatNumber } from '../../../../src/i18n/format.ts';

export interface BarGroup {
  key: string;
  label: string;
  values: readonly number[];
}

export interface BarSeries {
  label: string;
  color: string;
}

export interface BarChartProps {
  groups: readonly BarGroup[];
  series: readonly BarSeries[];
  /** What the chart shows, for screen readers. */
  label: string;
  groupHeader: string;
}

const HEIGHT = 200;
const MARGIN = { top: 12, bottom: 28, side: 12 };

export function BarChart({ groups, series, label, groupHeader }: BarChartProps) {
  const { i18n } = useLingui();
  const ref = useRef<HTMLDivElement>(null);
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
  const rtl = i18n.locale === 'fa';
  const ordered = rtl ? [...groups].reverse() : groups;
  const inner = Math.max(0, width - 2 * MARGIN.side);
  const x = scaleBand({ domain: ordered.map((g) => g.key), range: [0, inner], padding: 0.25 });
  const inGroup = scaleBand({ domain: series.map((_, i) => String(i)), range: [0, x.bandwidth()], padding: 0.1 });
  const max = Math.max(1, ...groups.flatMap((g) => g.values));
  const y = scaleLinear({ domain: [0, max], range: [HEIGHT - MARGIN.top - MARGIN.bottom, 0] });
  const labels = new Map(groups.map((g) => [g.key, g.label]));
  // On a narrow screen every second (or third) group is named, so the names never overlap.
  const step = Math.max(1, Math.ceil(84 / Math.max(1, inner / Math.max(1, ordered.length))));
  const named = groups.filter((_, i) => (groups.length - 1 - i) % step === 0).map((g) => g.key);
  return (
    <div>
      <div ref={ref} className="w-full" aria-hidden="true">
        {width > 0 && (
          <svg width={width} height={HEIGHT}>
            <Group left={MARGIN.side} top={MARGIN.top}>
              {ordered.map((g) =>
                g.values.map((v, i) => {
                  const h = HEIGHT - MARGIN.top - MARGIN.bottom - y(v);
                  return (
                    <Bar key={`${g.key}-${i}`} x={(x(g.key) ?? 0) + (inGroup(String(i)) ?? 0)} y={y(v)} width={inGroup.bandwidth()} height={Math.max(0, h)} fill={series[i]?.color} rx={3}>
                      <title>{`${g.label} · ${series[i]?.label ?? ''}: ${formatNumber(v)}`}</title>
                    </Bar>
                  );
                }),
              )}
              <AxisBottom top={HEIGHT - MARGIN.top - MARGIN.bottom} scale={x} tickValues={named} tickFormat={(k) => labels.get(k) ?? k} stroke="#cbd5e1" tickStroke="#cbd5e1" tickLabelProps={{ fontSize: 11, fill: '#475569', textAnchor: 'middle' }} />
            </Group>
          </svg>
        )}
      </div>
      {series.length > 1 && (
        <ul className="mt-2 flex flex-wrap gap-4 text-xs text-slate-700" aria-hidden="true">
          {series.map((s) => (
            <li key={s.label} className="flex items-center gap-1">
              <span className="inline-block size-3 rounded-sm" style={{ background: s.color }} />
              {s.label}
            </li>
          ))}
        </ul>
      )}
      <table className="sr-only">
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
          {groups.map((g) => (
            <tr key={g.key}>
              <th scope="row">{g.label}</th>
              {g.values.map((v, i) => (
                <td key={i}>{formatNumber(v)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
