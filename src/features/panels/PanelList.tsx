import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useSearch } from 'wouter';
import { INVITATION_QUERY } from '../../contract/panels.ts';
import { paths } from '../../contract/routes.ts';
import { buttonClasses } from '../../ui/Button.tsx';
import { PageHeader } from '../../ui/Card.tsx';
import { PlusIcon } from '../../ui/icons.tsx';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import { PanelListView } from '../../panel/PanelListView.tsx';

/** /User/Panel/PanelList: choose the panel to work in, or answer an invitation (an invitation link opens here). */
export function PanelList() {
  const { t } = useLingui();
  const highlight = new URLSearchParams(useSearch()).get(INVITATION_QUERY);
  useDocumentTitle(t`My panels`);
  return (
    <>
      <PageHeader
        title={<Trans>My panels</Trans>}
        description={<Trans>Choose the panel to work in. Everything you do afterwards happens in that panel.</Trans>}
        actions={
          <Link href={paths.user.registerPanel} className={buttonClasses('primary')}>
            <PlusIcon /> <Trans>Register a panel</Trans>
          </Link>
        }
      />
      <PanelListView invitations highlight={highlight} />
    </>
  );
}
