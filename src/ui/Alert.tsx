import type { ReactNode } from 'react';
import { cx } from './cx.ts';
import { AlertIcon, CheckIcon, InfoIcon } from './icons.tsx';

export type Tone = 'info' | 'success' | 'warning' | 'error';

const tones: Record<Tone, string> = {
  info: 'bg-sky-50 text-sky-900 ring-sky-200',
  success: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
  warning: 'bg-amber-50 text-amber-900 ring-amber-200',
  error: 'bg-red-50 text-red-900 ring-red-200',
};

const icons: Record<Tone, typeof InfoIcon> = { info: InfoIcon, success: CheckIcon, warning: AlertIcon, error: AlertIcon };

/** An inline message; errors are announced at once (role alert), the rest politely. */
export function Alert({
  tone = 'info',
  title,
  children,
  className,
}: {
  tone?: Tone;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  const Icon = icons[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cx('flex gap-3 rounded-xl p-3.5 text-sm ring-1 ring-inset', tones[tone], className)}
    >
      <Icon className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 space-y-1">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div>{children}</div>}
      </div>
    </div>
  );
}
