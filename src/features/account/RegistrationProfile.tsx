/**
 * /auth/Profile: the registration profile a new account fills in (the guard sends people here on
 * code 101), then the mobile number's verification by SMS code. It needs a session: a visitor
 * without one goes to log in and comes back. (Named for what it is; the overview at /User/Profile
 * is Profile.tsx.)
 */
import { Trans, useLingui as useLinguiMacro } from '@lingui/react/macro';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, Redirect, useLocation } from 'wouter';
import { registrationProfile } from '../../api/account.ts';
import { normalizeMobile } from '../../contract/normalize.ts';
import { paths } from '../../contract/routes.ts';
import { loadCurrentUser, resetCurrentUser, useCurrentUser } from '../../storage/currentUser.ts';
import { isSignedIn } from '../../session/session.ts';
import { useSession } from '../../session/useSession.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button, buttonClasses } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { Loading } from '../../ui/Loading.tsx';
import { showToast } from '../../ui/toast.ts';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import { MobileVerification } from './MobileVerification.tsx';
import { ProfileFields } from './ProfileFields.tsx';
import { registrationPayload, registrationProblems } from './profileForm.ts';
import { useProfileForm } from './useProfileForm.ts';

export function RegistrationProfile() {
  const session = useSession();
  if (!isSignedIn(session)) return <Redirect to={`${paths.auth.login}?next=${encodeURIComponent(paths.auth.profile)}`} replace />;
  return <RegistrationSteps />;
}

function StepCard({ step, title, subtitle, children }: { step: 1 | 2; title: ReactNode; subtitle: ReactNode; children: ReactNode }) {
  return (
    <Card className="shadow-md" data-wide={step === 1 ? '' : undefined}>
      <p className="text-sm font-semibold text-brand-700">{step === 1 ? <Trans>Step 1 of 2</Trans> : <Trans>Step 2 of 2</Trans>}</p>
      <h1 className="mt-1 text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-1.5 text-sm text-slate-600">{subtitle}</p>
      <div className="mt-6">{children}</div>
    </Card>
  );
}

function RegistrationSteps() {
  const { t } = useLinguiMacro();
  const current = useCurrentUser();
  const [, navigate] = useLocation();
  const [registeredMobile, setRegisteredMobile] = useState<string | null>(null);
  useDocumentTitle(t`Complete your profile`);

  function finish() {
    showToast({ message: t`Your mobile number is verified.`, type: 'success' });
    resetCurrentUser();
    navigate(paths.user.dashboard, { replace: true });
  }

  const mobileToVerify =
    registeredMobile ??
    (current.status === 'ready' && !current.user.mobileVerified && current.user.mobileNumber ? current.user.mobileNumber : null);
  if (mobileToVerify) {
    return (
      <StepCard
        step={2}
        title={<Trans>Verify your mobile number</Trans>}
        subtitle={<Trans>A verified number lets you log in with a code and recover your password.</Trans>}
      >
        <MobileVerification
          mobile={mobileToVerify}
          onVerified={finish}
          extraAction={
            <Link href={paths.user.dashboard} className={buttonClasses('secondary')}>
              <Trans>Later</Trans>
            </Link>
          }
        />
      </StepCard>
    );
  }
  if (current.status === 'ready') return <Redirect to={paths.user.dashboard} replace />;
  if (current.status === 'loading') {
    return <Loading />;
  }
  if (current.status === 'error') {
    return <LoadFailed error={current.error} onRetry={() => void loadCurrentUser(true)} />;
  }
  return <RegistrationForm onRegistered={setRegisteredMobile} />;
}

function RegistrationForm({ onRegistered }: { onRegistered: (mobile: string) => void }) {
  const form = useRef<HTMLFormElement>(null);
  const profile = useProfileForm();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!profile.showProblems(registrationProblems(profile.values), form.current)) return;
    const payload = registrationPayload(profile.values);
    const saved = await profile.submit(() => registrationProfile(payload), form.current);
    if (!saved) return;
    resetCurrentUser();
    void loadCurrentUser(true);
    onRegistered(normalizeMobile(payload.mobileNumber) ?? payload.mobileNumber);
  }

  return (
    <StepCard
      step={1}
      title={<Trans>Complete your profile</Trans>}
      subtitle={<Trans>A few details, so the people you work with in your panels know who you are.</Trans>}
    >
      <form ref={form} onSubmit={submit} noValidate className="space-y-8">
        {profile.failure && <Alert tone="error">{profile.failure}</Alert>}
        <ProfileFields part="registration" values={profile.values} errors={profile.errors} onChange={profile.change} />
        <Button type="submit" fullWidth size="lg" loading={profile.busy}>
          <Trans>Save and continue</Trans>
        </Button>
      </form>
    </StepCard>
  );
}
