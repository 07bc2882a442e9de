import { useLingui } from '@lingui/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui as useLinguiMacro } from '@lingui/react/macro';
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { isApiError } from '../../api/ApiError.ts';
import { resetPassword } from '../../api/account.ts';
import { Code } from '../../contract/codes.ts';
import type { CurrentUser } from '../../contract/profile.ts';
import { paths } from '../../contract/routes.ts';
import { describeError } from '../../i18n/describeError.ts';
import {
  commonPasswordMessage,
  confirmationProblem,
  newPasswordProblem,
  requiredMessages,
  type Problem,
} from '../../i18n/fieldProblems.ts';
import { loadCurrentUser, useCurrentUser } from '../../session/currentUser.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button, buttonClasses } from '../../ui/Button.tsx';
import { Card, PageHeader } from '../../ui/Card.tsx';
import { focusFirstInvalid } from '../../ui/focusFirstInvalid.ts';
import { Ltr } from '../../ui/Ltr.tsx';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { showToast } from '../../ui/toast.ts';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import { MobileVerification } from './MobileVerification.tsx';
import { VerifiedBadge } from './VerifiedBadge.tsx';

/** /User/Profile/Security: change the password; verify the mobile number. */
export function ProfileSecurity() {
  const { t } = useLinguiMacro();
  const current = useCurrentUser();
  useDocumentTitle(t`Security`);
  return (
    <>
      <PageHeader title={<Trans>Security</Trans>} description={<Trans>Your password and your mobile number.</Trans>} />
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <ChangePassword />
        <Card aria-labelledby="mobile-heading">
          <h2 id="mobile-heading" className="text-lg font-semibold text-slate-900">
            <Trans>Mobile number</Trans>
          </h2>
          <div className="mt-4">{current.status === 'ready' ? <MobileState user={current.user} /> : <div className="h-24 animate-pulse rounded-xl bg-slate-100" />}</div>
        </Card>
      </div>
    </>
  );
}

const wrongCurrentPassword = msg`This is not your current password.`;

type Field = 'current' | 'password' | 'confirmation';

function ChangePassword() {
  const { i18n } = useLingui();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState({ current: '', password: '', confirmation: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);
  const [busy, setBusy] = useState(false);

  const set = (field: Field) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value }));

  function show(found: Partial<Record<Field, Problem>>): boolean {
    const shown: Partial<Record<Field, string>> = {};
    for (const [field, problem] of Object.entries(found)) if (problem) shown[field as Field] = i18n._(problem);
    setErrors(shown);
    if (Object.keys(shown).length) focusFirstInvalid(form.current);
    return Object.keys(shown).length === 0;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const ok = show({
      current: values.current ? null : requiredMessages.currentPassword,
      password: newPasswordProblem(values.password),
      confirmation: confirmationProblem(values.password, values.confirmation),
    });
    if (!ok) return;
    setBusy(true);
    setFailure(null);
    setChanged(false);
    try {
      await resetPassword(values.current, values.password, values.confirmation);
      setValues({ current: '', password: '', confirmation: '' });
      setChanged(true);
    } catch (error) {
      const code = isApiError(error) ? error.code : undefined;
      if (code === Code.WrongCredentials) show({ current: wrongCurrentPassword });
      else if (code === Code.BadRequest) show({ password: commonPasswordMessage });
      else setFailure(describeError(i18n, error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card aria-labelledby="password-heading">
      <h2 id="password-heading" className="text-lg font-semibold text-slate-900">
        <Trans>Change your password</Trans>
      </h2>
      <form ref={form} onSubmit={submit} noValidate className="mt-4 space-y-4">
        {changed && (
          <Alert tone="success">
            <Trans>Your password has been changed. Other devices signed in to your account have been signed out.</Trans>
          </Alert>
        )}
        {failure && <Alert tone="error">{failure}</Alert>}
        <PasswordField
          label={<Trans>Current password</Trans>}
          name="current-password"
          autoComplete="current-password"
          value={values.current}
          onChange={set('current')}
          error={errors.current}
          required
        />
        <PasswordField
          label={<Trans>New password</Trans>}
          name="new-password"
          autoComplete="new-password"
          hint={<Trans>At least 8 characters. A few unrelated words make a strong password.</Trans>}
          value={values.password}
          onChange={set('password')}
          error={errors.password}
          required
        />
        <PasswordField
          label={<Trans>New password, again</Trans>}
          name="confirm-password"
          autoComplete="new-password"
          value={values.confirmation}
          onChange={set('confirmation')}
          error={errors.confirmation}
          required
        />
        <Button type="submit" loading={busy}>
          <Trans>Change my password</Trans>
        </Button>
      </form>
    </Card>
  );
}

function MobileState({ user }: { user: CurrentUser }) {
  const { t } = useLinguiMacro();
  if (!user.mobileNumber) {
    return (
      <div className="space-y-4">
        <p className="text-sm text-slate-700">
          <Trans>Your profile has no mobile number. Add one to log in with a code and to recover your password.</Trans>
        </p>
        <Link href={paths.user.profileInformation} className={buttonClasses('secondary')}>
          <Trans>Add a mobile number</Trans>
        </Link>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <p className="flex flex-wrap items-center gap-2 text-base">
        <Ltr className="font-semibold text-slate-900">{user.mobileNumber}</Ltr>
        <VerifiedBadge verified={user.mobileVerified} />
      </p>
      {user.mobileVerified ? (
        <p className="text-sm text-slate-600">
          <Trans>You can log in with a code sent to this number and use it to recover your password.</Trans>
        </p>
      ) : (
        <MobileVerification
          mobile={user.mobileNumber}
          onVerified={() => {
            showToast(t`Your mobile number is verified.`, { type: 'success' });
            void loadCurrentUser(true);
          }}
        />
      )}
    </div>
  );
}
