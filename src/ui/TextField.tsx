import { useLingui } from '@lingui/react';
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cx } from './cx.ts';
import { FieldFrame, fieldIds, invalidProps } from './FieldFrame.tsx';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** Numbers, codes, usernames and phone numbers: the whole field is a left-to-right island. */
  ltr?: boolean;
  end?: ReactNode;
}

export const inputClasses =
  'block w-full rounded-xl border-0 bg-white px-3.5 py-2.5 text-base text-slate-900 ring-1 ring-inset ring-slate-300 ' +
  'placeholder:text-slate-400 focus:ring-2 focus:ring-brand-600 focus:outline-none data-[invalid]:ring-red-600 ' +
  'disabled:bg-slate-100 disabled:text-slate-500';

/**
 * A labelled input with its hint and error wired for screen readers (aria-describedby,
 * aria-invalid; the error is announced). Plain elements, no UI library: it is on the login page.
 */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, hint, error, ltr, end, className, id: givenId, ...input },
  ref,
) {
  const { i18n } = useLingui();
  const ownId = useId();
  const id = givenId ?? ownId;
  // An `end` control (the password's eye) sits at the page's end even in a left-to-right field.
  const endPadding = i18n.locale === 'fa' ? 'pl-12' : 'pr-12';
  const { describedBy } = fieldIds(id, hint, error, false, input['aria-describedby']);
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className}>
      <div className="relative">
        <input
          ref={ref}
          id={id}
          // Typed text takes its own direction (a Persian name in the English UI, and the reverse).
          dir={ltr ? 'ltr' : input.value ? 'auto' : undefined}
          {...input}
          aria-describedby={describedBy}
          {...invalidProps(error)}
          className={cx(inputClasses, end && endPadding)}
        />
        {end && <div className="absolute inset-y-0 inset-e-0 flex items-center pe-1.5">{end}</div>}
      </div>
    </FieldFrame>
  );
});
