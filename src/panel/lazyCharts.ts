/**
 * The platform's charts for a module's screens, loaded when first shown: visx stays out of the
 * screens' first paint. Render them inside a `<Suspense>` with the screen's own fallback.
 */
import { lazy } from 'react';

export const BarChart = lazy(async () => ({ default: (await import('../ui/BarChart.tsx')).BarChart }));
export const DailyBarChart = lazy(async () => ({ default: (await import('../ui/DailyBarChart.tsx')).DailyBarChart }));
