import { useLingui } from '@lingui/react';
import { Trans, useLingui as useLinguiMacro } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { isApiError } from '../../api/ApiError.ts';
import { signUp } from '../../api/account.ts';
import { Code } from '../../contract/codes.ts';
import { paths } from '../../contract/routes.ts';
import { describeError } from '../../i18n/describeError.ts';
import { commonPasswordMessage, newPasswordProblems, usernameProblem } from '../../i18n/fieldProblems.ts';
import { storeLogin } from '../../session/session.ts';
import { UsernameField } from '../../ui/AccountFields.tsx';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { NewPasswordFields } from '../../ui/NewPasswordFields.tsx';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import { useFieldProblems } from '../../ui/useFieldProblems.ts';
import { AuthCard } from './AuthCard.tsx';

type Field = 'username' | 'password' | 'confirmation';

/**
 * Sign-up (the spec spells the route /auth/Singup): username and password, twice. Success logs
 * the person in (expiry now, so the next check refreshes) and goes on to the registration profile.
 */
export function Singup() {
  const { i18n } = useLingui();
  const { t } = useLinguiMacro();
  const [, navigate] = useLocation();
  const { form, errors, show } = useFieldProblems<Field>();
  const [values, setValues] = useState({ username: '', password: '', confirmation: '' });
  const [failure, setFailure] = useState<{ text: string; exists: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  useDocumentTitle(t`Create an account`);

  const set = (field: Field) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const ok = show({
      username: usernameProblem(values.username),
      ...newPasswordProblems(values.password, values.confirmation),
    });
    if (!ok) return;
    setBusy(true);
    setFailure(null);
    const username = values.username.trim();
    try {
      storeLogin(await signUp(username, values.password), username, 'signUp');
      navigate(paths.auth.profile, { replace: true });
    } catch (error) {
      setBusy(false);
      if (isApiError(error) && error.code === Code.BadRequest) show({ password: commonPasswordMessage });
      else setFailure({ text: describeError(i18n, error), exists: isApiError(error) && error.code === Code.UserExists });
    }
  }

  return (
    <AuthCard
      title={<Trans>Create your Pishkhan account</Trans>}
      subtitle={<Trans>Choose a username and a password. You will complete your profile next.</Trans>}
      footer={
        <Trans>
          Already have an account?{' '}
          <Link href={paths.auth.login} className="font-semibold text-brand-700 hover:underline">
            Log in
          </Link>
        </Trans>
      }
    >
      <form ref={form} onSubmit={submit} noValidate className="space-y-4">
        {failure && (
          <Alert tone="error">
            {failure.text}
            {failure.exists && (
              <>
                {' '}
                <Link href={paths.auth.login} className="font-semibold underline">
                  <Trans>Go to login</Trans>
                </Link>
              </>
            )}
          </Alert>
        )}
        <UsernameField
          hint={<Trans>Latin letters, digits, dots, dashes or underscores; it starts with a letter.</Trans>}
          value={values.username}
          onChange={set('username')}
          error={errors.username}
        />
        <NewPasswordFields
          label={<Trans>Password</Trans>}
          againLabel={<Trans>Password, again</Trans>}
          password={values.password}
          confirmation={values.confirmation}
          onPassword={set('password')}
          onConfirmation={set('confirmation')}
          errors={errors}
        />
        <Button type="submit" fullWidth size="lg" loading={busy}>
          <Trans>Create my account</Trans>
        </Button>
      </form>
    </AuthCard>
  );
}
