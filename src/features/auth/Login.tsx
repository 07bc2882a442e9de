import { useLingui } from '@lingui/react';
import { Trans, useLingui as useLinguiMacro } from '@lingui/react/macro';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { paths } from '../../contract/routes.ts';
import { describeError } from '../../i18n/describeError.ts';
import { storeLogin } from '../../session/session.ts';
import { UsernameField } from '../../ui/AccountFields.tsx';
import { Alert } from '../../ui/Alert.tsx';
import { Button, buttonClasses } from '../../ui/Button.tsx';
import { focusFirstInvalid } from '../../ui/focusFirstInvalid.ts';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import { AuthCard } from './AuthCard.tsx';
import { useNextPath } from './useNextPath.ts';

/** Username and password login; the catalogue message of the server's code on failure. */
export function Login() {
  const { i18n } = useLingui();
  const { t } = useLinguiMacro();
  const [, navigate] = useLocation();
  const next = useNextPath();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ username?: string; password?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const form = useRef<HTMLFormElement>(null);
  useDocumentTitle(t`Log in`);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      ...(username.trim() ? {} : { username: t`Enter your username.` }),
      ...(password ? {} : { password: t`Enter your password.` }),
    };
    setErrors(found);
    if (Object.keys(found).length) return focusFirstInvalid(form.current);
    setBusy(true);
    setFailure(null);
    try {
      const name = username.trim();
      // The API client loads on the first submit, so the login page itself stays small (bench/bundle).
      const { login } = await import('../../api/account.ts');
      storeLogin(await login(name, password), name, 'password');
      navigate(next, { replace: true });
    } catch (error) {
      setFailure(describeError(i18n, error));
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title={<Trans>Log in to Pishkhan</Trans>}
      subtitle={<Trans>Welcome back. Enter your username and password.</Trans>}
      footer={
        <Trans>
          New to Pishkhan?{' '}
          <Link href={paths.auth.signUp} className="font-semibold text-brand-700 hover:underline">
            Create an account
          </Link>
        </Trans>
      }
    >
      <form ref={form} onSubmit={submit} noValidate className="space-y-4">
        {failure && <Alert tone="error">{failure}</Alert>}
        <UsernameField value={username} onChange={(e) => setUsername(e.target.value)} error={errors.username} />
        <PasswordField
          label={<Trans>Password</Trans>}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
          required
        />
        <div className="flex justify-end">
          <Link href={paths.auth.passwordForgot} className="text-sm font-medium text-brand-700 hover:underline">
            <Trans>Forgot your password?</Trans>
          </Link>
        </div>
        <Button type="submit" fullWidth size="lg" loading={busy}>
          <Trans>Log in</Trans>
        </Button>
        <Link href={paths.auth.mobileLogin} className={buttonClasses('secondary', 'lg', true)}>
          <Trans>Log in with a mobile code instead</Trans>
        </Link>
      </form>
    </AuthCard>
  );
}
