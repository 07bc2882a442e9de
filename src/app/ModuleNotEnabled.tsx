import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { modulePath, paths } from '../contract/routes.ts';
import type { ClientModule } from '../panel/clientModule.ts';
import { useSession } from '../session/useSession.ts';
import { buttonClasses } from '../ui/Button.tsx';
import { PageNotFound } from '../ui/PageNotFound.tsx';
import { PanelChoiceLinks } from '../ui/PanelChoiceLinks.tsx';

/**
 * A module route whose module this panel has not enabled: the page's validity check fails, so it
 * is the spec's 404 'Page Not Found: {path}' (sections 4 and 8), saying what the module does and
 * how to enable it.
 */
export function ModuleNotEnabled({ part }: { part: ClientModule }) {
  const { _ } = useLingui();
  const { panelCode } = useSession();
  const name = _(part.name);
  return (
    <PageNotFound
      reason={
        <>
          <p className="font-semibold text-slate-800">
            <Trans>The “{name}” module is not enabled in this panel</Trans>
          </p>
          <p className="mt-2">{_(part.description)}</p>
          <p className="mt-2">
            {panelCode ? (
              <Trans>The panel’s owner or an administrator can enable it in panel management.</Trans>
            ) : (
              <Trans>Modules live inside a panel. Choose one of your panels, or register a new one and enable the module there.</Trans>
            )}
          </p>
        </>
      }
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
    />
  );
}
