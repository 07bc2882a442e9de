/**
 * /User/Panel and /User/Panel/Dashboard: the current panel at a glance: its modules, its people,
 * what happened lately and a chart of activity over the last 30 days (a lazy chunk). Everything
 * comes from this device, so it works offline.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { Activity, Member } from '../../contract/entities/panelManagement.ts';
import { permission } from '../../contract/entity.ts';
import { PANEL_SETTINGS_PERMISSION } from '../../contract/panels.ts';
import { modulePath } from '../../contract/routes.ts';
import { formatNumber, formatRelative } from '../../i18n/format.ts';
import { panelAllows } from '../../storage/access.ts';
import type { PanelInUse } from '../../storage/currentPanel.ts';
import { useList } from '../../storage/useData.ts';
import { Alert } from '../../ui/Alert.tsx';
import { buttonClasses } from '../../ui/Button.tsx';
import { SectionCard } from '../../ui/Card.tsx';
import { Ltr } from '../../ui/Ltr.tsx';
import { PanelIconGlyph } from '../../ui/panelIcons.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import { ActivityFeed } from './ActivityFeed.tsx';
import { moduleEntry, routePath } from '../../panel/clientModule.ts';
import { listedModules } from '../../panel/modules.ts';
import { usePanelActivity } from './useActivity.ts';
import { WithPanel } from '../../panel/WithPanel.tsx';
import { JoiningProgress } from '../../panel/JoiningProgress.tsx';

const DailyBarChart = lazy(async () => ({ default: (await import('../../ui/DailyBarChart.tsx')).DailyBarChart }));

export function PanelDashboard() {
  return <WithPanel>{(panel, stale) => <Dashboard panel={panel} stale={stale} />}</WithPanel>;
}

function Dashboard({ panel, stale }: { panel: PanelInUse; stale: boolean }) {
  const { t, i18n } = useLingui();
  useDocumentTitle(panel.name);
  const settings = panelAllows(panel, PANEL_SETTINGS_PERMISSION);
  const role = panel.roleName;
  return (
    <div className="flex flex-col gap-6">
      <header className="flex items-center gap-4">
        <span className="grid size-14 shrink-0 place-items-center rounded-2xl bg-brand-700 text-white">
          <PanelIconGlyph icon={panel.icon} className="size-8" />
        </span>
        <div className="min-w-0">
          <h1 className="truncate text-2xl font-bold text-slate-900">{panel.name}</h1>
          <p className="text-sm text-slate-600">
            {panel.isOwner ? <Trans>You own this panel</Trans> : role ? <Trans>Your role: {role}</Trans> : <Trans>You are a member</Trans>}
            {' · '}
            <Trans>Code</Trans> <Ltr>{panel.code}</Ltr>
          </p>
        </div>
      </header>
      <JoiningProgress className="space-y-3" />
      {stale && <Alert tone="warning">{t`Offline: the panel’s settings are shown as last saved on this device.`}</Alert>}
      {!panel.initialized && settings && (
        <Alert tone="info" title={t`Finish setting up this panel`}>
          <p>{t`Create the default roles (administrator, staff, viewer) so you can give people access.`}</p>
          <Link href={modulePath('PanelManagement', 'initial-elements')} className={`${buttonClasses('primary', 'sm')} mt-3`}>
            <Trans>Set up the panel</Trans>
          </Link>
        </Alert>
      )}
      <SectionCard
        title={<Trans>Modules</Trans>}
        action={
          settings && (
            <Link href={modulePath('PanelManagement', 'Module/list')} className={buttonClasses('ghost', 'sm')}>
              <Trans>Manage modules</Trans>
            </Link>
          )
        }
      >
        <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {listedModules()
            .filter((part) => panel.modules.includes(part.module.key))
            .map((part) => (
              <li key={part.module.key}>
                <Link
                  href={routePath(
                    part,
                    moduleEntry(part, (p) => panelAllows(panel, p)),
                  )}
                  className="flex min-h-16 items-center gap-3 rounded-xl p-3 ring-1 ring-slate-200 hover:bg-brand-50 hover:ring-brand-300"
                >
                  <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700">
                    <PanelIconGlyph icon={panel.moduleIcons?.[part.module.key] ?? part.icon} className="size-6" />
                  </span>
                  <span className="font-medium text-slate-900">{i18n._(part.name)}</span>
                </Link>
              </li>
            ))}
        </ul>
      </SectionCard>
      <div className="grid gap-6 lg:grid-cols-2">
        <People panel={panel} />
        {panelAllows(panel, permission(Activity, 'read')) && <RecentActivity />}
      </div>
    </div>
  );
}

function People({ panel }: { panel: PanelInUse }) {
  const { t } = useLingui();
  const canRead = panelAllows(panel, permission(Member, 'read'));
  const { data } = useList(Member, { page: 1, pageSize: 5 });
  const count = formatNumber(panel.memberCount ?? (data?.total ?? 0) + 1);
  return (
    <SectionCard
      title={<Trans>People</Trans>}
      action={
        canRead && (
          <Link href={modulePath('PanelManagement', 'People/Access')} className={buttonClasses('ghost', 'sm')}>
            <Trans>People and access</Trans>
          </Link>
        )
      }
    >
      <p className="mt-1 text-sm text-slate-600">
        <Trans>{count} people in this panel</Trans>
      </p>
      <ul className="mt-3 divide-y divide-slate-100 text-sm">
        {panel.ownerDisplayName && (
          <li className="flex items-center justify-between gap-3 py-2.5">
            <span className="font-medium text-slate-900">{panel.ownerDisplayName}</span>
            <span className="rounded-full bg-accent-400/30 px-2 py-0.5 text-xs font-medium text-amber-900">{t`Owner`}</span>
          </li>
        )}
        {canRead &&
          data?.items.map((member) => (
            <li key={member.id} className="flex items-center justify-between gap-3 py-2.5">
              <span className="text-slate-800">{String(member.displayName ?? member.login ?? '')}</span>
              {typeof member.title === 'string' && member.title && <span className="text-xs text-slate-500">{member.title}</span>}
            </li>
          ))}
      </ul>
    </SectionCard>
  );
}

function RecentActivity() {
  const { t } = useLingui();
  const activity = usePanelActivity();
  const latest = activity?.recent[0]?.at;
  const ago = typeof latest === 'string' ? formatRelative(latest) : '';
  return (
    <SectionCard title={<Trans>Recent activity</Trans>}>
      {ago && <p className="mt-1 text-sm text-slate-600">{t`Last change ${ago}`}</p>}
      <div className="mt-4 min-h-[220px]">
        {activity ? (
          <Suspense fallback={<Spinner className="mx-auto mt-20 size-6 text-brand-700" />}>
            <DailyBarChart
              days={activity.days}
              label={t`Changes in this panel per day over the last 30 days`}
              dayHeader={t`Day`}
              countHeader={t`Changes`}
            />
          </Suspense>
        ) : (
          <Spinner className="mx-auto mt-20 size-6 text-brand-700" />
        )}
      </div>
      <div className="mt-4">{activity && <ActivityFeed rows={activity.recent} />}</div>
      <Link href={modulePath('PanelManagement', 'Activity')} className={`${buttonClasses('ghost', 'sm')} mt-2`}>
        <Trans>The whole activity log</Trans>
      </Link>
    </SectionCard>
  );
}
