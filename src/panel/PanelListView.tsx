/** The person's panels with their loading, offline (last saved list) and empty states. */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { paths } from '../contract/routes.ts';
import { formatRelative } from '../i18n/format.ts';
import { usePanelList } from '../storage/panelList.ts';
import { Alert } from '../ui/Alert.tsx';
import { buttonClasses } from '../ui/Button.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { PanelIcon } from '../ui/icons.tsx';
import { PanelInvitations } from './PanelInvitations.tsx';
import { LoadFailed } from '../ui/LoadFailed.tsx';
import { Loading } from '../ui/Loading.tsx';
import { PanelCards } from './PanelCards.tsx';

/** `invitations`: also the person's open invitations, the one of `highlight` (an invitation link's panel code) first. */
export function PanelListView({
  detailed = false,
  invitations = false,
  highlight = null,
}: {
  detailed?: boolean;
  invitations?: boolean;
  highlight?: string | null;
}) {
  const { t } = useLingui();
  const [state, reload] = usePanelList();
  const invited = invitations && <PanelInvitations onJoined={reload} highlight={highlight} />;
  if (state.status === 'loading') {
    return <Loading className="py-16" />;
  }
  if (state.status === 'error') {
    return <LoadFailed title={t`Your panels could not be loaded`} error={state.error} onRetry={reload} />;
  }
  const savedAgo = formatRelative(state.savedAt);
  return (
    <div className="flex flex-col gap-4">
      {invited}
      {state.stale && (
        <Alert tone="warning" title={t`Offline: this is the list as saved ${savedAgo}`}>
          {t`It may have changed since. It is refreshed when the connection returns.`}
        </Alert>
      )}
      {state.panels.length === 0 ? (
        <EmptyState
          icon={<PanelIcon className="size-7" />}
          title={<Trans>You have no panels yet</Trans>}
          description={
            <Trans>
              Register one for your company, or ask a panel’s owner to invite you by your username or mobile number: the invitation appears
              here.
            </Trans>
          }
          actions={
            <Link href={paths.user.registerPanel} className={buttonClasses('primary')}>
              <Trans>Register a panel</Trans>
            </Link>
          }
        />
      ) : (
        <PanelCards panels={state.panels} detailed={detailed} />
      )}
    </div>
  );
}
