import { useLingui } from '@lingui/react';
import { Trans, useLingui as useLinguiMacro } from '@lingui/react/macro';
import { Link } from 'wouter';
import type { CurrentUser } from '../../contract/profile.ts';
import { paths } from '../../contract/routes.ts';
import { formatNumber } from '../../i18n/format.ts';
import { buttonClasses } from '../../ui/Button.tsx';
import { ProgressBar } from '../../ui/ProgressBar.tsx';
import { emptyProfile, valuesOf, type ProfileField } from './profileForm.ts';
import { fieldLabels } from './profileLabels.ts';

/** The profile fields still empty, in form order. */
export function missingFields(user: CurrentUser): ProfileField[] {
  const values = valuesOf(user);
  return (Object.keys(emptyProfile) as ProfileField[]).filter((field) => !values[field]);
}

/** How complete the profile is (CurrentUser.completeness), what is missing, and the way to fill it. */
export function ProfileCompleteness({ user, showAction = true }: { user: CurrentUser; showAction?: boolean }) {
  const { _, i18n } = useLingui();
  const { t } = useLinguiMacro();
  const missing = missingFields(user);
  const percent = formatNumber(user.completeness / 100, { style: 'percent' });
  const firstMissing = missing.slice(0, 3).map((field) => _(fieldLabels[field]));
  const list = new Intl.ListFormat(i18n.locale === 'fa' ? 'fa' : 'en', {
    style: 'long',
    type: missing.length > 3 ? 'unit' : 'conjunction',
  }).format(firstMissing);
  return (
    <div className="space-y-3">
      <ProgressBar value={user.completeness} label={t`Profile completeness`} valueText={percent} />
      {missing.length > 0 ? (
        <>
          <p className="text-sm text-slate-600">
            {missing.length > 3 ? <Trans>Still missing: {list} and more.</Trans> : <Trans>Still missing: {list}.</Trans>}
          </p>
          {showAction && (
            <Link href={paths.user.profileInformation} className={buttonClasses('secondary', 'sm')}>
              <Trans>Complete your profile</Trans>
            </Link>
          )}
        </>
      ) : (
        <p className="text-sm text-slate-600">
          <Trans>Your profile is complete. Thank you.</Trans>
        </p>
      )}
    </div>
  );
}
