import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { paths } from '@/contract/routes.ts';
import { buttonClasses, PanelListView, PlusIcon, ScreenFrame } from '@/moduleKit.ts';

/** list: every panel of the person with its state (owned or the role held, people, modules, code, age). */
export function AllPanels() {
  const { t } = useLingui();
  return (
    <ScreenFrame
      title={t`All my panels`}
      actions={
        <Link href={paths.user.registerPanel} className={buttonClasses('primary')}>
          <PlusIcon /> <Trans>Register a panel</Trans>
        </Link>
      }
    >
      <PanelListView detailed />
    </ScreenFrame>
  );
}
