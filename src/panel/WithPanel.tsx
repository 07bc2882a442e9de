/**
 * Screens inside a panel need one: this shows the way to choose one when none is chosen, the
 * loading and failure states, and otherwise renders the screen with the current panel.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { ApiError } from '../api/ApiError.ts';
import { paths } from '../contract/routes.ts';
import { loadCurrentPanel, useCurrentPanel, type PanelInUse } from '../storage/currentPanel.ts';
import { Alert } from '../ui/Alert.tsx';
import { buttonClasses } from '../ui/Button.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { PanelChoiceLinks } from '../ui/PanelChoiceLinks.tsx';
import { PanelIcon } from '../ui/icons.tsx';
import { LoadFailed } from '../ui/LoadFailed.tsx';
import { Loading } from '../ui/Loading.tsx';

/**
 * The current panel could not be opened (the person is no longer a member, or the server failed):
 * why, a retry, and the way to the panel list. Module screens show it too (ModuleRoute).
 */
export function PanelLoadFailed({ error }: { error: unknown }) {
  const { t } = useLingui();
  return (
    <LoadFailed
      title={t`This panel could not be opened`}
      error={error}
      // The server answers 404 for a panel the person is not (or no longer) a member of.
      {...(error instanceof ApiError && error.status === 404
        ? { detail: t`You are not a member of this panel (any more), or it no longer exists.` }
        : {})}
      onRetry={() => void loadCurrentPanel(true)}
    >
      <Link href={paths.user.panelList} className={buttonClasses('ghost', 'sm')}>
        <Trans>Choose another panel</Trans>
      </Link>
    </LoadFailed>
  );
}

export function WithPanel({ children }: { children: (panel: PanelInUse, stale: boolean) => ReactNode }) {
  const current = useCurrentPanel();
  if (current.status === 'ready') return children(current.panel, current.stale);
  if (current.status === 'loading') {
    return <Loading className="min-h-[40dvh]" />;
  }
  if (current.status === 'error') return <PanelLoadFailed error={current.error} />;
  return (
    <EmptyState
      className="mx-auto max-w-xl"
      icon={<PanelIcon className="size-7" />}
      titleAs="h1"
      title={<Trans>No panel chosen</Trans>}
      description={<Trans>Choose one of your panels, or register a new one.</Trans>}
      actions={<PanelChoiceLinks />}
    />
  );
}

/** What a screen shows to someone whose role does not allow it. */
export function NoAccess() {
  const { t } = useLingui();
  return <Alert tone="warning" title={t`Your role does not allow this`}>{t`Ask the panel’s owner or an administrator for access.`}</Alert>;
}
