/**
 * The side navigation's panel section: the current panel's dashboard, its enabled modules (the one
 * being worked in with its places the person's role opens), and sync problems when there are any.
 */
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { modulePath, paths } from '../../contract/routes.ts';
import { formatNumber } from '../../i18n/format.ts';
import { moduleEntry, routePath, type ClientModule } from '../../panel/clientModule.ts';
import { listedModules } from '../../panel/modules.ts';
import { panelAllows } from '../../storage/access.ts';
import { useCurrentPanel } from '../../storage/currentPanel.ts';
import { usePanelData } from '../../storage/panelData.ts';
import { useSyncCounts } from '../../storage/useSyncState.ts';
import { cx } from '../../ui/cx.ts';
import { AlertIcon, HomeIcon } from '../../ui/icons.tsx';
import { PanelIconGlyph } from '../../ui/panelIcons.tsx';

interface NavItemProps {
  href: string;
  icon?: ReactNode;
  children: ReactNode;
  onNavigate?: () => void;
  nested?: boolean;
  badge?: ReactNode;
  /** Starts loading the screen behind the link when a pointer, a finger or the focus reaches it. */
  preload?: () => void;
}

function NavItem({ href, icon, children, onNavigate, nested, badge, preload }: NavItemProps) {
  const [location] = useLocation();
  const active = location.toLowerCase() === href.toLowerCase();
  return (
    <Link
      href={href}
      onClick={onNavigate}
      onPointerEnter={preload}
      onTouchStart={preload}
      onFocus={preload}
      aria-current={active ? 'page' : undefined}
      className={cx(
        'flex min-h-11 items-center gap-3 rounded-xl px-3 py-2 text-sm font-medium',
        nested && 'ms-8 min-h-10 py-1.5 font-normal',
        active ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100',
      )}
    >
      {icon}
      <span className="min-w-0 flex-1 truncate">{children}</span>
      {badge}
    </Link>
  );
}

/**
 * A screen whose chunk is still loading when its link is followed suspends, and React holds a
 * revealed Suspense boundary back for ~300 ms: the largest part of opening a screen from the menu
 * (modules/HumanResource/bench/report.ts). So the places of the module being worked in are loaded
 * once the page is idle (their chunks are precached: no network, a little parsing), and any other
 * screen as soon as a pointer, a finger or the focus reaches its link.
 */
function usePreloadWhenIdle(part: ClientModule | undefined) {
  useEffect(() => {
    if (!part) return;
    const work = () => {
      for (const place of part.nav) void part.screens[place.screen]?.preload();
    };
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(work, 200);
      return () => clearTimeout(timer);
    }
    const id = requestIdleCallback(work, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }, [part]);
}

export function PanelNav({ onNavigate }: { onNavigate?: () => void }) {
  const { _ } = useLingui();
  const [location] = useLocation();
  const current = useCurrentPanel();
  const { problems } = useSyncCounts(usePanelData());
  const openPart = listedModules().find((part) => location.toLowerCase().startsWith(modulePath(part.module.key, '').toLowerCase()));
  usePreloadWhenIdle(current.status === 'ready' && openPart && current.panel.modules.includes(openPart.module.key) ? openPart : undefined);
  if (current.status !== 'ready') return null;
  const panel = current.panel;
  const allows = (permission: string) => panelAllows(panel, permission);
  return (
    <div className="mt-4 flex flex-col gap-1 border-t border-slate-200 pt-4" role="group" aria-label={panel.name}>
      <p className="truncate px-3 pb-1 text-xs font-semibold tracking-wide text-slate-500">{panel.name}</p>
      <NavItem href={paths.user.panelDashboard} icon={<HomeIcon />} onNavigate={onNavigate}>
        <Trans>Panel dashboard</Trans>
      </NavItem>
      {listedModules()
        .filter((part) => panel.modules.includes(part.module.key))
        .map((part) => {
          const module = part.module.key;
          const entry = moduleEntry(part, allows);
          // The module being worked in shows its places; the others stay one line each.
          const open = part === openPart;
          return (
            <div key={module} className="flex flex-col gap-0.5">
              <NavItem
                href={routePath(part, entry)}
                preload={() => void part.screens[entry]?.preload()}
                icon={<PanelIconGlyph icon={panel.moduleIcons?.[module] ?? part.icon} />}
                onNavigate={onNavigate}
              >
                {_(part.name)}
              </NavItem>
              {open &&
                part.nav
                  .filter((place) => place.screen !== entry && (!place.needs || allows(place.needs)))
                  .map((place) => (
                    <NavItem
                      key={place.screen}
                      nested
                      href={routePath(part, place.screen)}
                      preload={() => void part.screens[place.screen]?.preload()}
                      onNavigate={onNavigate}
                    >
                      {_(place.label)}
                    </NavItem>
                  ))}
            </div>
          );
        })}
      {problems > 0 && (
        <NavItem
          href={paths.syncProblems}
          icon={<AlertIcon className="size-5 text-red-700" />}
          onNavigate={onNavigate}
          badge={<span className="rounded-full bg-red-100 px-2 text-xs font-semibold text-red-800">{formatNumber(problems)}</span>}
        >
          <Trans>Sync problems</Trans>
        </NavItem>
      )}
    </div>
  );
}
