import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { pm } from '../paths.ts';
import { buttonClasses, PlusIcon, ScreenFrame, WithPanel } from '@/moduleKit.ts';
import { ModuleCards } from './ModuleCards.tsx';

/** Module/list: the modules this panel has enabled; disable one, or go to enable more. */
export function ModuleList() {
  const { t } = useLingui();
  return (
    <ScreenFrame
      title={t`Modules`}
      description={<Trans>The modules enabled in this panel. Disabling one hides it from everyone; its records stay.</Trans>}
      actions={
        <Link href={pm.addModule} className={buttonClasses('primary')}>
          <PlusIcon /> <Trans>Enable modules</Trans>
        </Link>
      }
    >
      <WithPanel>{(panel) => <ModuleCards panel={panel} show="enabled" />}</WithPanel>
    </ScreenFrame>
  );
}
