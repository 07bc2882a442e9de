/**
 * The fields that identify a person — username, mobile number, the code from an SMS — the same on
 * every form that asks for them: left to right, never auto-corrected, filled in by the browser or
 * the phone where it can. Mobile numbers and codes show the locale's digits and hand on Latin ones
 * (CodeField).
 */
import { Trans } from '@lingui/react/macro';
import type { ChangeEvent, InputHTMLAttributes, ReactNode } from 'react';
import { SMS_CODE_LENGTH } from '../contract/service.ts';
import { CodeField } from './CodeField.tsx';
import { TextField } from './TextField.tsx';

interface AccountFieldProps {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  error?: string | null | undefined;
  hint?: ReactNode;
  className?: string;
}

function accountField(label: ReactNode, input: InputHTMLAttributes<HTMLInputElement>) {
  return function AccountField({ hint, className, ...props }: AccountFieldProps) {
    return <TextField label={label} ltr required {...input} {...(hint ? { hint } : {})} {...(className ? { className } : {})} {...props} />;
  };
}

interface CodeAccountFieldProps extends Omit<AccountFieldProps, 'onChange'> {
  /** The value with Latin digits. */
  onChange: (value: string) => void;
}

function codeAccountField(label: ReactNode, input: InputHTMLAttributes<HTMLInputElement>) {
  return function CodeAccountField({ hint, className, error, ...props }: CodeAccountFieldProps) {
    return (
      <CodeField
        label={label}
        required
        {...input}
        {...(hint ? { hint } : {})}
        {...(className ? { className } : {})}
        error={error ?? undefined}
        {...props}
      />
    );
  };
}

export const UsernameField = accountField(<Trans>Username</Trans>, {
  name: 'username',
  autoComplete: 'username',
  autoCapitalize: 'none',
  spellCheck: false,
});

export const MobileField = codeAccountField(<Trans>Mobile number</Trans>, {
  name: 'mobile',
  type: 'tel',
  inputMode: 'tel',
  autoComplete: 'tel',
  placeholder: '09xx xxx xxxx',
});

/** Shown once the code is on its way, so it takes the focus. */
export const SmsCodeField = codeAccountField(<Trans>Code from the SMS</Trans>, {
  name: 'code',
  inputMode: 'numeric',
  autoComplete: 'one-time-code',
  maxLength: SMS_CODE_LENGTH,
  autoFocus: true,
});
