import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { pm } from '../paths.ts';
import { buttonClasses } from '../../../../src/ui/Button.tsx';
import { PageHeader } from '../../../../src/ui/Card.tsx';
import { useDocumentTitle } from '../../../../src/ui/useDocumentTitle.ts';
import { WithPanel } from '../../../../src/panel/WithPanel.tsx';
import { ModuleCards } from './ModuleCards.tsx';

/** Module/add: the modules this panel has not enabled yet, each a click away. */
export function ModuleAdd() {
  const { t } = useLingui();
  useDocumentTitle(t`Enable modules`);
  return (
    <>
      <PageHeader
        title={<Trans>Enable modules</Trans>}
        description={<Trans>Enabled modules appear for everyone in the panel whose role allows them.</Trans>}
        actions={
          <Link href={pm.modules} className={buttonClasses('secondary')}>
            <Trans>Enabled modules</Trans>
          </Link>
        }
      />
      <WithPanel>{(panel) => <ModuleCards panel={panel} show="available" />}</WithPanel>
    </>
  );
}
