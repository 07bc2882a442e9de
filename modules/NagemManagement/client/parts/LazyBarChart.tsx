/** The platform's bar chart, loaded when first shown (visx stays out of the screens' first paint). */
import { lazy, Suspense } from 'react';
import type { BarChartProps } from '../../../../src/ui/BarChart.tsx';
import { Spinner } from '../../../../src/ui/Spinner.tsx';

const Chart = lazy(async () => ({ default: (await import('../../../../src/ui/BarChart.tsx')).BarChart }));

export function LazyBarChart(props: BarChartProps) {
  return (
    <Suspense fallback={<Spinner className="mx-auto my-16 size-6 text-brand-700" />}>
      <Chart {...props} />
    </Suspense>
  );
}
