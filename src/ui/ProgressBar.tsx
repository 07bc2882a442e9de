import { useId, type ReactNode } from 'react';
import { cx } from './cx.ts';

/** A determinate progress bar (0–100) with its label and value exposed to screen readers. */
export function ProgressBar({
  value,
  label,
  valueText,
  className,
}: {
  value: number;
  label: ReactNode;
  valueText: string;
  className?: string;
}) {
  const clamped = Math.max(0, Math.min(100, Math.round(value)));
  const labelId = useId();
  return (
    <div className={cx('space-y-2', className)}>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span id={labelId} className="font-medium text-slate-800">
          {label}
        </span>
        <span className="font-semibold text-brand-800" aria-hidden="true">
          {valueText}
        </span>
      </div>
      <div
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={clamped}
        aria-valuetext={valueText}
        aria-labelledby={labelId}
        className="h-2.5 overflow-hidden rounded-full bg-slate-100"
      >
        <div className={cx('h-full rounded-full', clamped === 100 ? 'bg-emerald-600' : 'bg-brand-600')} style={{ width: `${clamped}%` }} />
      </div>
    </div>
  );
}
