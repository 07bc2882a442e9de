import { useLingui } from '@lingui/react/macro';
import { forwardRef, useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { cx } from './cx.ts';
import { FieldFrame, fieldIds, invalidProps } from './FieldFrame.tsx';
import { ChevronIcon } from './icons.tsx';
import { inputClasses } from './TextField.tsx';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> {
  label: ReactNode;
  options: readonly SelectOption[];
  /**
   * The first, empty choice ("Not specified"); omit it when a choice is required. Without it, an
   * empty choice ("Choose…", not choosable again) still appears while the value is none of the
   * options: a select never shows a value it does not hold.
   */
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
  const { t } = useLingui();
  const { describedBy } = fieldIds(id, hint, error);
  const held = select.value === undefined || options.some((option) => option.value === String(select.value));
  const empty = placeholder ?? (held ? undefined : t`Choose…`);
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className}>
      <div className="relative">
        <select
          ref={ref}
          id={id}
          {...select}
          aria-describedby={describedBy}
          {...invalidProps(error)}
          className={cx(inputClasses, 'h-11 appearance-none pe-10')}
        >
          {empty !== undefined && (
            <option value="" disabled={placeholder === undefined}>
              {empty}
            </option>
          )}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronIcon className="pointer-events-none absolute inset-e-3 top-1/2 size-4 -translate-y-1/2 rotate-90 text-slate-500" />
      </div>
    </FieldFrame>
  );
});
