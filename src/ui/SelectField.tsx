import { forwardRef, useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { cx } from './cx.ts';
import { ChevronIcon } from './icons.tsx';
import { inputClasses } from './TextField.tsx';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> {
  label: ReactNode;
  options: readonly SelectOption[];
  /** The first, empty choice ("Not specified"); omit it when a choice is required. */
  placeholder?: string;
  hint?: ReactNode;
  error?: ReactNode;
}

/** A labelled native select: the platform's own picker on phones, fully keyboard usable. */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, options, placeholder, hint, error, className, id: givenId, ...select },
  ref,
) {
  const ownId = useId();
  const id = givenId ?? ownId;
  const hintId = hint && !error ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={cx('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative">
        <select
          ref={ref}
          id={id}
          {...select}
          aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
          aria-invalid={error ? true : undefined}
          data-invalid={error ? '' : undefined}
          className={cx(inputClasses, 'h-11 appearance-none pe-10')}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronIcon className="pointer-events-none absolute inset-e-3 top-1/2 size-4 -translate-y-1/2 rotate-90 text-slate-500" />
      </div>
      {hintId && (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {errorId && (
        <p id={errorId} className="text-sm text-red-700" role="alert">
          {error}
        </p>
      )}
    </div>
  );
});
