import { forwardRef, useId, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { cx } from './cx.ts';
import { FieldFrame, fieldIds, invalidProps } from './FieldFrame.tsx';
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
  const { describedBy } = fieldIds(id, hint, error);
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className}>
      <textarea
        ref={ref}
        id={id}
        rows={rows}
        dir={area.value ? 'auto' : undefined}
        {...area}
        aria-describedby={describedBy}
        {...invalidProps(error)}
        className={cx(inputClasses, 'resize-y')}
      />
    </FieldFrame>
  );
});
