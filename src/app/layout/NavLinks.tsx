import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { paths } from '../../contract/routes.ts';
import { cx } from '../../ui/cx.ts';
import { HomeIcon, PanelIcon, ShieldIcon, UserIcon } from '../../ui/icons.tsx';

interface NavItem {
  href: string;
  label: ReactNode;
  icon: ReactNode;
}

const accountItems: NavItem[] = [
  { href: paths.user.dashboard, label: <Trans>Dashboard</Trans>, icon: <HomeIcon /> },
  { href: paths.user.panelList, label: <Trans>My panels</Trans>, icon: <PanelIcon /> },
  { href: paths.user.profile, label: <Trans>Profile</Trans>, icon: <UserIcon /> },
  { href: paths.user.profileSecurity, label: <Trans>Security</Trans>, icon: <ShieldIcon /> },
];

/** The side navigation: the account's places, then whatever the current panel offers. */
export function NavLinks({ panelSection, onNavigate }: { panelSection?: ReactNode; onNavigate?: () => void }) {
  const [location] = useLocation();
  const current = location.toLowerCase();
  return (
    <nav className="flex flex-col gap-1 p-3">
      {accountItems.map((item) => {
        const active = current === item.href.toLowerCase();
        return (
          <Link
            key={item.href}
            href={item.href}
            onClick={onNavigate}
            aria-current={active ? 'page' : undefined}
            className={cx(
              'flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium',
              active ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100',
            )}
          >
            {item.icon}
            {item.label}
          </Link>
        );
      })}
      {panelSection}
    </nav>
  );
}
