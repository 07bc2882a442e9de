/**
 * /User/Profile/information: the whole profile, the complete-profile subset included, sent as the
 * spec says (the full profile, userId 0, publicUserName ""). A changed public name goes first in
 * the registration profile, the one call whose body carries it.
 */
import { useLingui } from '@lingui/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui as useLinguiMacro } from '@lingui/react/macro';
import { useRef, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { registrationProfile, updateProfile } from '../../api/account.ts';
import { Code } from '../../contract/codes.ts';
import type { CurrentUser } from '../../contract/profile.ts';
import { paths } from '../../contract/routes.ts';
import { messageForCode } from '../../i18n/errorMessage.ts';
import { loadCurrentUser, useCurrentUser } from '../../storage/currentUser.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button, buttonClasses } from '../../ui/Button.tsx';
import { Card, PageHeader } from '../../ui/Card.tsx';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { Loading } from '../../ui/Loading.tsx';
import { showToast } from '../../ui/toast.ts';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import { ProfileFields } from './ProfileFields.tsx';
import { fullPayload, fullProblems, registrationPayload, valuesOf } from './profileForm.ts';
import { useProfileForm } from './useProfileForm.ts';

const yourProfile = msg`Your profile`;

export function ProfileInformation() {
  const { t } = useLinguiMacro();
  const current = useCurrentUser();
  useDocumentTitle(t`My information`);
  return (
    <>
      <PageHeader
        title={<Trans>My information</Trans>}
        description={<Trans>Everything on your profile. Only your first and last name are required.</Trans>}
      />
      {current.status === 'loading' && <Loading />}
      {current.status === 'error' && <LoadFailed error={current.error} onRetry={() => void loadCurrentUser(true)} />}
      {current.status === 'ready' && <InformationForm key={current.savedAt} user={current.user} offline={current.stale} />}
    </>
  );
}

function InformationForm({ user, offline }: { user: CurrentUser; offline: boolean }) {
  const { i18n } = useLingui();
  const [, navigate] = useLocation();
  const form = useRef<HTMLFormElement>(null);
  const profile = useProfileForm(valuesOf(user));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!profile.showProblems(fullProblems(profile.values), form.current)) return;
    const renamed = profile.values.publicUserName.trim() !== valuesOf(user).publicUserName.trim();
    const saved = await profile.submit(async () => {
      if (renamed) await registrationProfile(registrationPayload(profile.values));
      await updateProfile(fullPayload(profile.values));
    }, form.current);
    if (!saved) return;
    showToast({ message: messageForCode(i18n, Code.Updated, i18n._(yourProfile)), type: 'success' });
    await loadCurrentUser(true);
    navigate(paths.user.profile);
  }

  return (
    <Card>
      <form ref={form} onSubmit={submit} noValidate className="space-y-8">
        {offline && (
          <Alert tone="warning">
            <Trans>You are offline. You can look at your information, but saving needs a connection.</Trans>
          </Alert>
        )}
        {profile.failure && <Alert tone="error">{profile.failure}</Alert>}
        <ProfileFields part="full" values={profile.values} errors={profile.errors} onChange={profile.change} />
        <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-6 sm:flex-row sm:justify-end">
          <Link href={paths.user.profile} className={buttonClasses('secondary')}>
            <Trans>Cancel</Trans>
          </Link>
          <Button type="submit" loading={profile.busy}>
            <Trans>Save changes</Trans>
          </Button>
        </div>
      </form>
    </Card>
  );
}
