import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { paths } from '../../contract/routes.ts';
import { useCurrentPanel } from '../../storage/currentPanel.ts';
import { localDigits } from '../../i18n/format.ts';
import { useSession } from '../../session/useSession.ts';
import { PanelIcon } from '../../ui/icons.tsx';
import { Ltr } from '../../ui/Ltr.tsx';
import { PanelIconGlyph } from '../../ui/panelIcons.tsx';

/** Which panel everything happens in (its icon and name; its code until they are known); a way to choose one when none is chosen. */
export function PanelIndicator() {
  const { t } = useLingui();
  const { panelCode } = useSession();
  const current = useCurrentPanel();
  const panel = current.status === 'ready' ? current.panel : null;
  // The accessible name contains the visible text (WCAG 2.5.3), digits included.
  const name = panel?.name ?? (panelCode ? localDigits(panelCode) : null);
  const label = name ? t`Current panel: ${name}` : t`Choose a panel`;
  return (
    <Link
      href={panelCode ? paths.user.panelDashboard : paths.user.panelList}
      className="flex h-10 min-w-0 items-center gap-2 overflow-hidden rounded-xl bg-slate-100 px-3 text-sm font-medium text-slate-800 hover:bg-slate-200 sm:ms-1"
      aria-label={label}
      title={label}
    >
      {panel ? <PanelIconGlyph icon={panel.icon} className="size-5 shrink-0 text-brand-700" /> : <PanelIcon className="size-4 shrink-0" />}
      <span className="hidden max-w-[16rem] truncate sm:block">
        {panel ? panel.name : panelCode ? <Ltr>{panelCode}</Ltr> : <Trans>Choose a panel</Trans>}
      </span>
    </Link>
  );
}
