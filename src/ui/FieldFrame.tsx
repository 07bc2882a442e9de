import type { ReactNode } from 'react';
import { cx } from './cx.ts';

/**
 * The ids that tie a control to its hint and error. The hint steps aside while an error shows,
 * unless `keepHint` (a format the person still needs, as in a date field: then it stays for screen
 * readers only).
 */
export function fieldIds(id: string, hint: ReactNode, error: ReactNode, keepHint = false, also?: string) {
  const hintId = hint && (keepHint || !error) ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return { hintId, errorId, describedBy: [also, hintId, errorId].filter(Boolean).join(' ') || undefined };
}

/** What marks a control as in error, for assistive technology (aria-invalid) and for the style (data-invalid). */
export function invalidProps(error: ReactNode) {
  return { 'aria-invalid': error ? true : undefined, 'data-invalid': error ? '' : undefined } as const;
}

interface FieldFrameProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  keepHint?: boolean | undefined;
  className?: string | undefined;
  children: ReactNode;
}

/**
 * A form field's frame: the label above its control, the hint, and the error, which is announced
 * (role=alert). Every field of the app sits in one, so all read and sound alike.
 */
export function FieldFrame({ id, label, hint, error, keepHint, className, children }: FieldFrameProps) {
  const { hintId, errorId } = fieldIds(id, hint, error, keepHint);
  return (
    <div className={cx('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hintId && (
        <p id={hintId} className={cx('text-xs text-slate-600', error ? 'sr-only' : undefined)}>
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
}
