import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { modulePath, paths } from '../contract/routes.ts';
import type { ClientModule } from '../panel/clientModule.ts';
import { useSession } from '../session/useSession.ts';
import { buttonClasses } from '../ui/Button.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { PanelIcon } from '../ui/icons.tsx';
import { PanelChoiceLinks } from '../ui/PanelChoiceLinks.tsx';

/** A module route whose module this panel has not enabled: what the module does and how to enable it. */
export function ModuleNotEnabled({ part }: { part: ClientModule }) {
  const { _ } = useLingui();
  const { panelCode } = useSession();
  const name = _(part.name);
  return (
    <EmptyState
      className="mx-auto max-w-xl"
      icon={<PanelIcon className="size-7" />}
      titleAs="h1"
      title={<Trans>The “{name}” module is not enabled in this panel</Trans>}
      description={_(part.description)}
      actions={
        panelCode ? (
          <>
            <Link href={modulePath('PanelManagement', 'Module/add')} className={buttonClasses('primary')}>
              <Trans>Enable modules</Trans>
            </Link>
            <Link href={paths.user.panelDashboard} className={buttonClasses('secondary')}>
              <Trans>Back to the panel</Trans>
            </Link>
          </>
        ) : (
          <PanelChoiceLinks />
        )
      }
    >
      <p className="mt-4 text-sm text-slate-700">
        {panelCode ? (
          <Trans>The panel’s owner or an administrator can enable it in panel management.</Trans>
        ) : (
          <Trans>Modules live inside a panel. Choose one of your panels, or register a new one and enable the module there.</Trans>
        )}
      </p>
    </EmptyState>
  );
}
