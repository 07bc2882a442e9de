import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { pm } from '../paths.ts';
import { buttonClasses } from '../../../../src/ui/Button.tsx';
import { PageHeader } from '../../../../src/ui/Card.tsx';
import { PlusIcon } from '../../../../src/ui/icons.tsx';
import { useDocumentTitle } from '../../../../src/ui/useDocumentTitle.ts';
import { WithPanel } from '../../../../src/panel/WithPanel.tsx';
import { ModuleCards } from './ModuleCards.tsx';

/** Module/list: the modules this panel has enabled; disable one, or go to enable more. */
export function ModuleList() {
  const { t } = useLingui();
  useDocumentTitle(t`Modules`);
  return (
    <>
      <PageHeader
        title={<Trans>Modules</Trans>}
        description={<Trans>The modules enabled in this panel. Disabling one hides it from everyone; its records stay.</Trans>}
        actions={
          <Link href={pm.addModule} className={buttonClasses('primary')}>
            <PlusIcon /> <Trans>Enable modules</Trans>
          </Link>
        }
      />
      <WithPanel>{(panel) => <ModuleCards panel={panel} show="enabled" />}</WithPanel>
    </>
  );
}
