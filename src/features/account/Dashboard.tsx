import { Trans, useLingui as useLinguiMacro } from '@lingui/react/macro';
import { Link } from 'wouter';
import { paths } from '../../contract/routes.ts';
import type { CurrentUser } from '../../contract/profile.ts';
import { formatDate } from '../../i18n/format.ts';
import { loadCurrentUser, useCurrentUser } from '../../storage/currentUser.ts';
import { Alert } from '../../ui/Alert.tsx';
import { buttonClasses } from '../../ui/Button.tsx';
import { PageHeader, SectionCard } from '../../ui/Card.tsx';
import { PhoneIcon, ShieldIcon } from '../../ui/icons.tsx';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { Ltr } from '../../ui/Ltr.tsx';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import { DashboardActivity } from './DashboardActivity.tsx';
import { DashboardPanels } from './DashboardPanels.tsx';
import { ProfileCompleteness } from './ProfileCompleteness.tsx';
import { VerifiedBadge } from './VerifiedBadge.tsx';

/** /User/Dashboard: a welcome by name, the person's panels, their profile's state and their activity. */
export function Dashboard() {
  const { t } = useLinguiMacro();
  const current = useCurrentUser();
  useDocumentTitle(t`Dashboard`);
  const user = current.status === 'ready' ? current.user : null;
  const name = user ? user.firstName || user.publicUserName || user.userName : '';
  const today = formatDate(new Date(), 'long');

  return (
    <>
      <PageHeader title={name ? <Trans>Welcome, {name}</Trans> : <Trans>Welcome</Trans>} description={today} />
      {current.status === 'ready' && current.stale && (
        <Alert tone="warning" className="mb-6">
          <Trans>You are offline. This is your profile as it was when you were last online.</Trans>
        </Alert>
      )}
      {current.status === 'error' && <LoadFailed className="mb-6" error={current.error} onRetry={() => void loadCurrentUser(true)} />}
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <DashboardPanels />
          <DashboardActivity />
        </div>
        <div className="space-y-6">
          <SectionCard title={<Trans>Your profile</Trans>}>
            {user ? <ProfileCompleteness user={user} /> : <div className="h-20 animate-pulse rounded-xl bg-slate-100" />}
          </SectionCard>
          {user && <SecuritySummary user={user} />}
        </div>
      </div>
    </>
  );
}

function SecuritySummary({ user }: { user: CurrentUser }) {
  return (
    <SectionCard title={<Trans>Account security</Trans>}>
      <ul className="mt-4 space-y-4 text-sm">
        <li className="flex items-start gap-3">
          <PhoneIcon className="mt-0.5 size-5 shrink-0 text-slate-500" />
          <div className="min-w-0 flex-1 space-y-1">
            {user.mobileNumber ? (
              <Ltr className="font-medium text-slate-900">{user.mobileNumber}</Ltr>
            ) : (
              <Trans>No mobile number yet</Trans>
            )}
            <div>
              <VerifiedBadge verified={user.mobileVerified} />
            </div>
          </div>
        </li>
        <li className="flex items-start gap-3">
          <ShieldIcon className="mt-0.5 size-5 shrink-0 text-slate-500" />
          <p className="text-slate-700">
            <Trans>Use a password you use nowhere else.</Trans>
          </p>
        </li>
      </ul>
      <Link href={paths.user.profileSecurity} className={`${buttonClasses('secondary', 'sm')} mt-5`}>
        {user.mobileVerified ? <Trans>Security settings</Trans> : <Trans>Verify your mobile number</Trans>}
      </Link>
    </SectionCard>
  );
}
