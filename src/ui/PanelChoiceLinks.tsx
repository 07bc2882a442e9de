import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { paths } from '../contract/routes.ts';
import { buttonClasses } from './Button.tsx';

/**
 * The two ways into a panel for someone without one open: choose one of theirs, or register a
 * new one. `registerFirst` for someone who has none yet.
 */
export function PanelChoiceLinks({ registerFirst = false }: { registerFirst?: boolean }) {
  const choose = (
    <Link key="choose" href={paths.user.panelList} className={buttonClasses(registerFirst ? 'secondary' : 'primary')}>
      <Trans>Choose a panel</Trans>
    </Link>
  );
  const register = (
    <Link key="register" href={paths.user.registerPanel} className={buttonClasses(registerFirst ? 'primary' : 'secondary')}>
      <Trans>Register a panel</Trans>
    </Link>
  );
  return <>{registerFirst ? [register, choose] : [choose, register]}</>;
}
