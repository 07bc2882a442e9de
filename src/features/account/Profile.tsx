import { useLingui } from '@lingui/react';
import { Trans, useLingui as useLinguiMacro } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { CurrentUser } from '../../contract/profile.ts';
import { paths } from '../../contract/routes.ts';
import { formatDate, localDigits } from '../../i18n/format.ts';
import { loadCurrentUser, useCurrentUser } from '../../storage/currentUser.ts';
import { buttonClasses } from '../../ui/Button.tsx';
import { Card, PageHeader, SectionCard } from '../../ui/Card.tsx';
import { EditIcon, ShieldIcon } from '../../ui/icons.tsx';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { Loading } from '../../ui/Loading.tsx';
import { Ltr } from '../../ui/Ltr.tsx';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import { ProfileCompleteness } from './ProfileCompleteness.tsx';
import { fieldLabels, genderLabels, maritalLabels, militaryLabels } from './profileLabels.ts';
import { VerifiedBadge } from './VerifiedBadge.tsx';

/** /User/Profile: everything on the person's profile at a glance, with the ways to change it. */
export function Profile() {
  const { t } = useLinguiMacro();
  const current = useCurrentUser();
  useDocumentTitle(t`My profile`);
  return (
    <>
      <PageHeader
        title={<Trans>My profile</Trans>}
        actions={
          <>
            <Link href={paths.user.profileInformation} className={buttonClasses('primary')}>
              <EditIcon className="size-4" /> <Trans>Edit my information</Trans>
            </Link>
            <Link href={paths.user.profileSecurity} className={buttonClasses('secondary')}>
              <ShieldIcon className="size-4" /> <Trans>Security</Trans>
            </Link>
          </>
        }
      />
      {current.status === 'loading' && <Loading />}
      {current.status === 'error' && <LoadFailed error={current.error} onRetry={() => void loadCurrentUser(true)} />}
      {current.status === 'ready' && <ProfileOverview user={current.user} />}
    </>
  );
}

function Item({ label, children }: { label: ReactNode; children: ReactNode }) {
  const empty = children === '' || children === null || children === undefined;
  return (
    <div className="py-3 sm:grid sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-sm font-medium break-words text-slate-900 sm:mt-0">
        {empty ? (
          <span className="font-normal text-slate-500">
            <Trans>Not given</Trans>
          </span>
        ) : (
          children
        )}
      </dd>
    </div>
  );
}

function Group({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <SectionCard title={title}>
      <dl className="mt-2 divide-y divide-slate-100">{children}</dl>
    </SectionCard>
  );
}

function ProfileOverview({ user }: { user: CurrentUser }) {
  const { _ } = useLingui();
  const fullName = `${user.firstName} ${user.lastName}`.trim();
  const initial = (user.firstName || user.userName).trim().charAt(0).toUpperCase();
  const label = (field: keyof typeof fieldLabels) => _(fieldLabels[field]);
  const since = formatDate(user.createdAt, 'long');
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <Card className="lg:row-span-3 lg:self-start">
        <div className="flex items-center gap-4">
          <span
            aria-hidden="true"
            className="grid size-16 shrink-0 place-items-center rounded-full bg-brand-100 text-2xl font-bold text-brand-800"
          >
            {initial}
          </span>
          <div className="min-w-0">
            <p className="truncate text-lg font-bold text-slate-900">{fullName || user.userName}</p>
            <p className="truncate text-sm text-slate-600">
              <Ltr>{`@${user.userName}`}</Ltr>
            </p>
          </div>
        </div>
        <p className="mt-4 text-sm text-slate-600">
          <Trans>Member since {since}</Trans>
        </p>
        <div className="mt-6 border-t border-slate-100 pt-5">
          <ProfileCompleteness user={user} showAction={false} />
        </div>
      </Card>
      <div className="space-y-6 lg:col-span-2">
        <Group title={<Trans>About you</Trans>}>
          <Item label={label('firstName')}>{user.firstName}</Item>
          <Item label={label('lastName')}>{user.lastName}</Item>
          <Item label={label('publicUserName')}>{user.publicUserName.toLowerCase() === 'null' ? '' : user.publicUserName}</Item>
          <Item label={label('birthDay')}>{user.birthDay ? formatDate(user.birthDay, 'long') : ''}</Item>
          <Item label={label('gender')}>{user.gender ? _(genderLabels[user.gender]) : ''}</Item>
          <Item label={label('fatherName')}>{user.fatherName}</Item>
          <Item label={label('maritalStatus')}>{user.maritalStatus ? _(maritalLabels[user.maritalStatus]) : ''}</Item>
          <Item label={label('militaryServiceStatus')}>
            {user.militaryServiceStatus ? _(militaryLabels[user.militaryServiceStatus]) : ''}
          </Item>
        </Group>
        <Group title={<Trans>Contact</Trans>}>
          <Item label={label('mobileNumber')}>
            {user.mobileNumber && (
              <span className="flex flex-wrap items-center gap-2">
                <Ltr>{user.mobileNumber}</Ltr>
                <VerifiedBadge verified={user.mobileVerified} />
              </span>
            )}
          </Item>
          <Item label={label('email')}>{user.email && <bdi dir="ltr">{user.email}</bdi>}</Item>
        </Group>
        <Group title={<Trans>Where you live</Trans>}>
          <Item label={label('country')}>{user.country}</Item>
          <Item label={label('state')}>{user.state}</Item>
          <Item label={label('city')}>{user.city}</Item>
          <Item label={label('postalCode')}>{user.postalCode && <Ltr>{user.postalCode}</Ltr>}</Item>
          <Item label={label('residenceAddress')}>{user.residenceAddress && localDigits(user.residenceAddress)}</Item>
        </Group>
      </div>
    </div>
  );
}
