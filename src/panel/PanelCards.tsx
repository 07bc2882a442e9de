/**
 * The person's panels as cards: icon, name, their place in it, people and modules. Choosing one
 * makes it the current panel (the panelCode cookie, stored quoted) and opens its dashboard.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocation } from 'wouter';
import type { PanelSummary } from '../contract/panels.ts';
import { paths } from '../contract/routes.ts';
import { formatDate, formatList, formatNumber } from '../i18n/format.ts';
import { clientModule } from './moduleRegistry.ts';
import { storePanelCode } from '../session/session.ts';
import { useSession } from '../session/useSession.ts';
import { cx } from '../ui/cx.ts';
import { ChevronIcon } from '../ui/icons.tsx';
import { Ltr } from '../ui/Ltr.tsx';
import { PanelIconGlyph } from '../ui/panelIcons.tsx';

export function PanelCards({ panels, detailed = false }: { panels: readonly PanelSummary[]; detailed?: boolean }) {
  const { i18n } = useLingui();
  const { panelCode } = useSession();
  const [, navigate] = useLocation();
  return (
    <ul className="grid gap-3 md:grid-cols-2">
      {panels.map((panel) => {
        const current = panel.code === panelCode;
        const people = formatNumber(panel.memberCount);
        const modules = formatNumber(panel.modules.length);
        const created = formatDate(panel.createdAt);
        const role = panel.roleName;
        return (
          <li key={panel.code}>
            <button
              type="button"
              onClick={() => {
                storePanelCode(panel.code);
                navigate(paths.user.panelDashboard);
              }}
              className={cx(
                'flex w-full items-start gap-4 rounded-card bg-white p-4 text-start shadow-sm ring-1 hover:ring-brand-400',
                current ? 'ring-2 ring-brand-600' : 'ring-slate-200',
              )}
            >
              <span className="grid size-12 shrink-0 place-items-center rounded-2xl bg-brand-50 text-brand-700">
                <PanelIconGlyph icon={panel.icon} className="size-7" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="flex flex-wrap items-center gap-2">
                  <span className="truncate font-semibold text-slate-900">{panel.name}</span>
                  {current && (
                    <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-medium text-brand-800">
                      <Trans>Current</Trans>
                    </span>
                  )}
                </span>
                <span className="mt-1 block text-sm text-slate-600">
                  {panel.isOwner ? <Trans>Owner</Trans> : role ? <Trans>Role: {role}</Trans> : <Trans>Member</Trans>}
                  {' · '}
                  <Trans>{people} people</Trans>
                  {' · '}
                  <Trans>{modules} modules</Trans>
                </span>
                {detailed && (
                  <span className="mt-2 block text-xs text-slate-500">
                    <Trans>Code</Trans> <Ltr>{panel.code}</Ltr> · <Trans>Created {created}</Trans>
                    <span className="mt-1 block">
                      {formatList(panel.modules.flatMap((m) => (clientModule(m) ? [i18n._(clientModule(m)!.name)] : [])))}
                    </span>
                  </span>
                )}
              </span>
              <ChevronIcon className="mt-3 size-5 shrink-0 text-slate-400 rtl:rotate-180" />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
