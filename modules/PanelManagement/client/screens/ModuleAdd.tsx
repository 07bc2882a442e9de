import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { pm } from '../paths.ts';
import { buttonClasses, ScreenFrame, WithPanel } from '@/moduleKit.ts';
import { ModuleCards } from './ModuleCards.tsx';

/** Module/add: the modules this panel has not enabled yet, each a click away. */
export function ModuleAdd() {
  const { t } = useLingui();
  return (
    <ScreenFrame
      title={t`Enable modules`}
      description={<Trans>Enabled modules appear for everyone in the panel whose role allows them.</Trans>}
      actions={
        <Link href={pm.modules} className={buttonClasses('secondary')}>
          <Trans>Enabled modules</Trans>
        </Link>
      }
    >
      <WithPanel>{(panel) => <ModuleCards panel={panel} show="available" />}</WithPanel>
    </ScreenFrame>
  );
}
