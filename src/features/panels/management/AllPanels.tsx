import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { paths } from '../../../contract/routes.ts';
import { buttonClasses } from '../../../ui/Button.tsx';
import { PageHeader } from '../../../ui/Card.tsx';
import { PlusIcon } from '../../../ui/icons.tsx';
import { useDocumentTitle } from '../../../ui/useDocumentTitle.ts';
import { PanelListView } from '../PanelListView.tsx';

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
