/** The platform's bar chart, loaded when first shown (visx stays out of the screens' first paint). */
import { Suspense } from 'react';
import { BarChart, type BarChartProps, Spinner } from '@/moduleKit.ts';

export function LazyBarChart(props: BarChartProps) {
  return (
    <Suspense fallback={<Spinner className="mx-auto my-16 size-6 text-brand-700" />}>
      <BarChart {...props} />
    </Suspense>
  );
}
