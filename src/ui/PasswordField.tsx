import { useLingui } from '@lingui/react/macro';
import { forwardRef, useState } from 'react';
import { EyeIcon, EyeOffIcon } from './icons.tsx';
import { TextField, type TextFieldProps } from './TextField.tsx';

/** A password input with a show/hide switch; never constrained beyond the server's length rule. */
export const PasswordField = forwardRef<HTMLInputElement, Omit<TextFieldProps, 'type' | 'end'>>(function PasswordField(props, ref) {
  const { t } = useLingui();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      ref={ref}
      ltr
      type={visible ? 'text' : 'password'}
      autoCapitalize="none"
      spellCheck={false}
      end={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          className="grid size-9 place-items-center rounded-lg text-slate-600 hover:bg-slate-100"
          aria-label={visible ? t`Hide password` : t`Show password`}
          aria-pressed={visible}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      }
      {...props}
    />
  );
});
