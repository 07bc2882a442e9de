import { forwardRef, useId, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { cx } from './cx.ts';
import { inputClasses } from './TextField.tsx';

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
}

/** A labelled multi-line input (addresses, notes) with its hint and error wired for screen readers. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, hint, error, className, id: givenId, rows = 3, ...area },
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
      <textarea
        ref={ref}
        id={id}
        rows={rows}
        dir={area.value ? 'auto' : undefined}
        {...area}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        aria-invalid={error ? true : undefined}
        data-invalid={error ? '' : undefined}
        className={cx(inputClasses, 'resize-y')}
      />
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
