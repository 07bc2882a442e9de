import { useLingui } from '@lingui/react/macro';
import { cx } from './cx.ts';
import { Spinner } from './Spinner.tsx';

/** A spinner where content is coming, named "Loading" for screen readers. */
export function Loading({ className }: { className?: string }) {
  const { t } = useLingui();
  return (
    <div className={cx('grid place-items-center text-brand-700', className ?? 'min-h-64')} role="status" aria-label={t`Loading`}>
      <Spinner className="size-8" />
    </div>
  );
}
