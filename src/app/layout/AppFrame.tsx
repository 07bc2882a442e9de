/**
 * The frame of the signed-in area: a header with the panel indicator, language switch and user
 * menu; the navigation beside the content on wide screens and in a drawer on phones.
 */
import { Dialog, DialogPanel } from '@headlessui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { paths } from '../../contract/routes.ts';
import { useCurrentUser } from '../../storage/currentUser.ts';
import { useSession } from '../../session/useSession.ts';
import { CloseIcon, MenuIcon } from '../../ui/icons.tsx';
import { logOut } from '../logOut.ts';
import { LanguageSwitch } from '../../ui/LanguageSwitch.tsx';
import { Logo } from '../../ui/Logo.tsx';
import { NavLinks } from './NavLinks.tsx';
import { NotificationBell } from './NotificationBell.tsx';
import { PanelIndicator } from './PanelIndicator.tsx';
import { PanelNav } from './PanelNav.tsx';
import { StatusArea } from './StatusArea.tsx';
import { UserMenu } from './UserMenu.tsx';
import { UserMenuExtras } from './UserMenuExtras.tsx';

export function AppFrame({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const session = useSession();
  const current = useCurrentUser();
  const displayName =
    current.status === 'ready'
      ? `${current.user.firstName} ${current.user.lastName}`.trim() || current.user.userName
      : (session.username ?? '');

  return (
    <div className="min-h-dvh bg-slate-50 print:min-h-0 print:bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:inset-s-2 focus:top-2 focus:z-50 focus:rounded-lg focus:bg-white focus:p-3 print:hidden"
      >
        <Trans>Skip to content</Trans>
      </a>
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur print:hidden">
        {/* On a phone every control keeps its full size (a 40 px target): the gaps narrow, the app's
            name and logo give way to the panel's own icon (the drawer still shows them), and only
            the panel's pill gives up room when the sync badge grows (offline, with counts). */}
        <div className="flex h-16 items-center gap-1 px-3 sm:gap-2 sm:px-5">
          <button
            type="button"
            className="grid size-10 shrink-0 place-items-center rounded-xl hover:bg-slate-100 md:hidden"
            onClick={() => setDrawerOpen(true)}
            aria-label={t`Open navigation`}
          >
            <MenuIcon />
          </button>
          <Link href={paths.user.dashboard} className="hidden shrink-0 items-center gap-2 font-bold text-brand-800 sm:flex">
            <Logo />
            <span className="hidden sm:inline">
              <Trans>Pishkhan</Trans>
            </span>
          </Link>
          <PanelIndicator />
          <div className="flex-1" />
          <div className="flex shrink-0 items-center gap-1 sm:gap-2">
            <StatusArea />
            <NotificationBell />
            <LanguageSwitch className="text-slate-700" compact />
            <UserMenu displayName={displayName} extraItems={<UserMenuExtras />} onLogout={() => void logOut()} />
          </div>
        </div>
      </header>
      <div className="md:grid md:grid-cols-[16rem_minmax(0,1fr)] print:block">
        <aside className="sticky top-16 hidden h-[calc(100dvh-4rem)] overflow-y-auto border-e border-slate-200 bg-white md:block print:hidden">
          <NavLinks panelSection={<PanelNav />} />
        </aside>
        <main id="main" className="mx-auto w-full max-w-6xl p-4 sm:p-6 lg:p-8 print:max-w-none print:p-0">
          {children}
        </main>
      </div>
      <Dialog open={drawerOpen} onClose={setDrawerOpen} className="relative z-40 md:hidden">
        <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
        <DialogPanel className="fixed inset-y-0 inset-s-0 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl">
          <div className="flex h-16 items-center justify-between border-b border-slate-200 px-4">
            <span className="flex items-center gap-2 font-bold text-brand-800">
              <Logo /> <Trans>Pishkhan</Trans>
            </span>
            <button
              type="button"
              className="grid size-10 place-items-center rounded-xl hover:bg-slate-100"
              onClick={() => setDrawerOpen(false)}
              aria-label={t`Close navigation`}
            >
              <CloseIcon />
            </button>
          </div>
          <div className="overflow-y-auto">
            <NavLinks onNavigate={() => setDrawerOpen(false)} panelSection={<PanelNav onNavigate={() => setDrawerOpen(false)} />} />
          </div>
        </DialogPanel>
      </Dialog>
    </div>
  );
}
