import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { paths } from '@/contract/routes.ts';
import { buttonClasses, PageHeader, PanelListView, PlusIcon, useDocumentTitle } from '@/moduleKit.ts';

/** list: every panel of the person with its state (owned or the role held, people, modules, code, age). */
export function AllPanels() {
  const { t } = useLingui();
  useDocumentTitle(t`All my panels`);
  return (
    <>
      <PageHeader
        title={<Trans>All my panels</Trans>}
        actions={
          <Link href={paths.user.registerPanel} className={buttonClasses('primary')}>
            <PlusIcon /> <Trans>Register a panel</Trans>
          </Link>
        }
      />
      <PanelListView detailed />
    </>
  );
}
