import { Trans } from '@lingui/react/macro';
import type { ChangeEvent, ReactNode } from 'react';
import { PasswordField } from './PasswordField.tsx';

interface NewPasswordFieldsProps {
  password: string;
  confirmation: string;
  onPassword: (event: ChangeEvent<HTMLInputElement>) => void;
  onConfirmation: (event: ChangeEvent<HTMLInputElement>) => void;
  errors: { password?: string | undefined; confirmation?: string | undefined };
  /** "Password" on sign-up; "New password" where one exists already (the default). */
  label?: ReactNode;
  againLabel?: ReactNode;
}

/** A new password and the same again, with the strength hint; password managers offer to generate one. */
export function NewPasswordFields({
  password,
  confirmation,
  onPassword,
  onConfirmation,
  errors,
  label,
  againLabel,
}: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        label={label ?? <Trans>New password</Trans>}
        name="new-password"
        autoComplete="new-password"
        hint={<Trans>At least 8 characters. A few unrelated words make a strong password.</Trans>}
        value={password}
        onChange={onPassword}
        error={errors.password}
        required
      />
      <PasswordField
        label={againLabel ?? <Trans>New password, again</Trans>}
        name="confirm-password"
        autoComplete="new-password"
        value={confirmation}
        onChange={onConfirmation}
        error={errors.confirmation}
        required
      />
    </>
  );
}
