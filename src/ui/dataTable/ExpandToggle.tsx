import { cx } from '../cx.ts';
import { ChevronIcon } from '../icons.tsx';

/** Opens or closes a row's breakdown. */
export function ExpandToggle({
  open,
  label,
  controls,
  onToggle,
}: {
  open: boolean;
  label: string;
  controls: string;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={open ? controls : undefined}
      aria-label={label}
      onClick={onToggle}
      className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <ChevronIcon className={cx('size-5 transition-transform', open ? 'rotate-90' : 'rtl:rotate-180')} />
    </button>
  );
}
