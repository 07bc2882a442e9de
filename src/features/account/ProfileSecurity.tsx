import { useLingui } from '@lingui/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui as useLinguiMacro } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { isApiError } from '../../api/ApiError.ts';
import { resetPassword } from '../../api/account.ts';
import { Code } from '../../contract/codes.ts';
import type { CurrentUser } from '../../contract/profile.ts';
import { paths } from '../../contract/routes.ts';
import { describeError } from '../../i18n/describeError.ts';
import { commonPasswordMessage, newPasswordProblems, requiredMessages } from '../../i18n/fieldProblems.ts';
import { loadCurrentUser, useCurrentUser } from '../../storage/currentUser.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button, buttonClasses } from '../../ui/Button.tsx';
import { PageHeader, SectionCard } from '../../ui/Card.tsx';
import { Ltr } from '../../ui/Ltr.tsx';
import { NewPasswordFields } from '../../ui/NewPasswordFields.tsx';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { showToast } from '../../ui/toast.ts';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import { useFieldProblems } from '../../ui/useFieldProblems.ts';
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
        <SectionCard title={<Trans>Mobile number</Trans>}>
          <div className="mt-4">
            {current.status === 'ready' ? (
              <MobileState user={current.user} />
            ) : (
              <div className="h-24 animate-pulse rounded-xl bg-slate-100" />
            )}
          </div>
        </SectionCard>
      </div>
    </>
  );
}

const wrongCurrentPassword = msg`This is not your current password.`;

type Field = 'current' | 'password' | 'confirmation';

function ChangePassword() {
  const { i18n } = useLingui();
  const { form, errors, show } = useFieldProblems<Field>();
  const [values, setValues] = useState({ current: '', password: '', confirmation: '' });
  const [failure, setFailure] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);
  const [busy, setBusy] = useState(false);

  const set = (field: Field) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const ok = show({
      current: values.current ? null : requiredMessages.currentPassword,
      ...newPasswordProblems(values.password, values.confirmation),
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
    <SectionCard title={<Trans>Change your password</Trans>}>
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
        <NewPasswordFields
          password={values.password}
          confirmation={values.confirmation}
          onPassword={set('password')}
          onConfirmation={set('confirmation')}
          errors={errors}
        />
        <Button type="submit" loading={busy}>
          <Trans>Change my password</Trans>
        </Button>
      </form>
    </SectionCard>
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
            showToast({ message: t`Your mobile number is verified.`, type: 'success' });
            void loadCurrentUser(true);
          }}
        />
      )}
    </div>
  );
}
