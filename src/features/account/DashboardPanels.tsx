import { Plural, Trans } from '@lingui/react/macro';
import { Link, useLocation } from 'wouter';
import type { PanelSummary } from '../../contract/panels.ts';
import { paths } from '../../contract/routes.ts';
import { storePanelCode } from '../../session/session.ts';
import { buttonClasses } from '../../ui/Button.tsx';
import { SectionCard } from '../../ui/Card.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ChevronIcon, PanelIcon, PlusIcon } from '../../ui/icons.tsx';
import { PanelChoiceLinks } from '../../ui/PanelChoiceLinks.tsx';
import { PanelInvitations } from '../../panel/PanelInvitations.tsx';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { Ltr } from '../../ui/Ltr.tsx';
import { usePanelList } from '../../storage/panelList.ts';

/** The dashboard's open invitations and "your panels": open one, or register or choose one when there are none. */
export function DashboardPanels() {
  const [state, retry] = usePanelList();
  return (
    <>
      <PanelInvitations onJoined={retry} />
      <SectionCard
        title={<Trans>Your panels</Trans>}
        action={
          state.status === 'ready' &&
          state.panels.length > 0 && (
            <Link href={paths.user.registerPanel} className={buttonClasses('ghost', 'sm')}>
              <PlusIcon className="size-4" /> <Trans>Register a panel</Trans>
            </Link>
          )
        }
      >
        <div className="mt-4">
          {state.status === 'loading' && (
            <ul className="space-y-3" aria-busy="true">
              {[0, 1].map((i) => (
                <li key={i} className="h-16 animate-pulse rounded-xl bg-slate-100" />
              ))}
            </ul>
          )}
          {state.status === 'error' && <LoadFailed error={state.error} onRetry={retry} />}
          {state.status === 'ready' && (state.panels.length === 0 ? <NoPanels /> : <PanelRows panels={state.panels} />)}
        </div>
      </SectionCard>
    </>
  );
}

function NoPanels() {
  return (
    <EmptyState
      frame="dashed"
      icon={<PanelIcon className="size-7" />}
      titleAs="p"
      title={<Trans>You are not in any panel yet</Trans>}
      description={
        <Trans>
          A panel is your company’s workspace. Register one for your business, or ask a panel’s owner to invite you by your username or
          mobile number: the invitation appears here.
        </Trans>
      }
      actions={<PanelChoiceLinks registerFirst />}
    />
  );
}

function MemberCount({ members }: { members: number }) {
  return <Plural value={members} one="# member" other="# members" />;
}

function PanelRows({ panels }: { panels: PanelSummary[] }) {
  const [, navigate] = useLocation();
  return (
    <ul className="divide-y divide-slate-100">
      {panels.map((panel) => (
        <li key={panel.code}>
          <button
            type="button"
            onClick={() => {
              storePanelCode(panel.code);
              navigate(paths.user.panelDashboard);
            }}
            className="flex w-full items-center gap-3 rounded-xl px-2 py-3 text-start hover:bg-slate-50"
          >
            <span aria-hidden="true" className="grid size-11 shrink-0 place-items-center rounded-xl bg-brand-50 font-bold text-brand-800">
              {panel.name.trim().charAt(0) || '•'}
            </span>
            <span className="min-w-0 flex-1">
              <span className="block truncate font-semibold text-slate-900">{panel.name}</span>
              <span className="block truncate text-sm text-slate-600">
                {panel.isOwner ? <Trans>Owner</Trans> : (panel.roleName ?? <Trans>Member</Trans>)}
                {' · '}
                <MemberCount members={panel.memberCount} />
                {' · '}
                <Ltr>{panel.code}</Ltr>
              </span>
            </span>
            <ChevronIcon className="size-5 shrink-0 text-slate-400 rtl:rotate-180" />
          </button>
        </li>
      ))}
    </ul>
  );
}
