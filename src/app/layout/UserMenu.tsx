import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { paths } from '../../contract/routes.ts';
import { LogoutIcon, ShieldIcon, UserIcon } from '../../ui/icons.tsx';

const itemClass = 'flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-sm text-slate-800 data-[focus]:bg-slate-100';

/** The signed-in person's menu: profile, security, anything the frame adds, and logout. */
export function UserMenu({ displayName, extraItems, onLogout }: { displayName: string; extraItems?: ReactNode; onLogout: () => void }) {
  const { t } = useLingui();
  const initial = displayName.trim().charAt(0).toUpperCase() || '?';
  return (
    <Menu>
      <MenuButton className="flex items-center gap-2 rounded-xl p-1.5 hover:bg-slate-100" aria-label={t`Account menu of ${displayName}`}>
        <span aria-hidden="true" className="grid size-8 place-items-center rounded-full bg-brand-100 font-bold text-brand-800">
          {initial}
        </span>
        <span className="hidden max-w-40 truncate text-sm font-medium text-slate-800 sm:block">{displayName}</span>
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        className="z-40 mt-2 w-60 rounded-xl bg-white p-1.5 shadow-lg ring-1 ring-slate-200 focus:outline-none"
      >
        <MenuItem>
          <Link href={paths.user.profile} className={itemClass}>
            <UserIcon /> <Trans>My profile</Trans>
          </Link>
        </MenuItem>
        <MenuItem>
          <Link href={paths.user.profileSecurity} className={itemClass}>
            <ShieldIcon /> <Trans>Security</Trans>
          </Link>
        </MenuItem>
        {extraItems}
        <div className="my-1 h-px bg-slate-200" />
        <MenuItem>
          <button type="button" onClick={onLogout} className={`${itemClass} text-red-700`}>
            <LogoutIcon /> <Trans>Log out</Trans>
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
