/**
 * Screens inside a panel need one: this shows the way to choose one when none is chosen, the
 * loading and failure states, and otherwise renders the screen with the current panel.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { paths } from '../../contract/routes.ts';
import { describeError } from '../../i18n/describeError.ts';
import { loadCurrentPanel, useCurrentPanel, type PanelInUse } from '../../storage/currentPanel.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button, buttonClasses } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { PanelIcon } from '../../ui/icons.tsx';
import { Spinner } from '../../ui/Spinner.tsx';

export function WithPanel({ children }: { children: (panel: PanelInUse, stale: boolean) => ReactNode }) {
  const { t, i18n } = useLingui();
  const current = useCurrentPanel();
  if (current.status === 'ready') return children(current.panel, current.stale);
  if (current.status === 'loading') {
    return (
      <div className="grid min-h-[40dvh] place-items-center text-brand-700" role="status" aria-label={t`Loading`}>
        <Spinner className="size-8" />
      </div>
    );
  }
  if (current.status === 'error') {
    return (
      <Alert tone="error" title={t`This panel could not be opened`}>
        <p>{describeError(i18n, current.error)}</p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={() => void loadCurrentPanel(true)}>
            <Trans>Try again</Trans>
          </Button>
          <Link href={paths.user.panelList} className={buttonClasses('ghost', 'sm')}>
            <Trans>Choose another panel</Trans>
          </Link>
        </div>
      </Alert>
    );
  }
  return (
    <Card className="mx-auto max-w-xl text-center">
      <div className="mx-auto grid size-14 place-items-center rounded-2xl bg-brand-50 text-brand-700">
        <PanelIcon className="size-7" />
      </div>
      <h1 className="mt-4 text-xl font-bold text-slate-900">
        <Trans>No panel chosen</Trans>
      </h1>
      <p className="mt-2 text-sm text-slate-600">
        <Trans>Choose one of your panels, or register a new one.</Trans>
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link href={paths.user.panelList} className={buttonClasses('primary')}>
          <Trans>Choose a panel</Trans>
        </Link>
        <Link href={paths.user.registerPanel} className={buttonClasses('secondary')}>
          <Trans>Register a panel</Trans>
        </Link>
      </div>
    </Card>
  );
}

/** What a screen shows to someone whose role does not allow it. */
export function NoAccess() {
  const { t } = useLingui();
  return <Alert tone="warning" title={t`Your role does not allow this`}>{t`Ask the panel’s owner or an administrator for access.`}</Alert>;
}
