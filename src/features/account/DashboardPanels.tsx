import { useLingui } from '@lingui/react';
import { Plural, Trans } from '@lingui/react/macro';
import { Link, useLocation } from 'wouter';
import { isApiError } from '../../api/ApiError.ts';
import { getPanelList } from '../../api/panelList.ts';
import type { PanelSummary } from '../../contract/panels.ts';
import { paths } from '../../contract/routes.ts';
import { describeError } from '../../i18n/describeError.ts';
import { storePanelCode } from '../../session/session.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button, buttonClasses } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { ChevronIcon, PanelIcon, PlusIcon } from '../../ui/icons.tsx';
import { Ltr } from '../../ui/Ltr.tsx';
import { useLoaded } from './useLoaded.ts';

/** The panels list answers 404 on a server that has no panels yet: that is "no panels", not a failure. */
async function myPanels(): Promise<PanelSummary[]> {
  try {
    return await getPanelList();
  } catch (error) {
    if (isApiError(error) && error.status === 404) return [];
    throw error;
  }
}

/** The dashboard's "your panels": open one, or register or choose one when there are none. */
export function DashboardPanels() {
  const { i18n } = useLingui();
  const [state, retry] = useLoaded(myPanels);
  return (
    <Card aria-labelledby="panels-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="panels-heading" className="text-lg font-semibold text-slate-900">
          <Trans>Your panels</Trans>
        </h2>
        {state.status === 'ready' && state.data.length > 0 && (
          <Link href={paths.user.registerPanel} className={buttonClasses('ghost', 'sm')}>
            <PlusIcon className="size-4" /> <Trans>Register a panel</Trans>
          </Link>
        )}
      </div>
      <div className="mt-4">
        {state.status === 'loading' && (
          <ul className="space-y-3" aria-busy="true">
            {[0, 1].map((i) => (
              <li key={i} className="h-16 animate-pulse rounded-xl bg-slate-100" />
            ))}
          </ul>
        )}
        {state.status === 'error' && (
          <div className="space-y-3">
            <Alert tone="error">{describeError(i18n, state.error)}</Alert>
            <Button variant="secondary" size="sm" onClick={retry}>
              <Trans>Try again</Trans>
            </Button>
          </div>
        )}
        {state.status === 'ready' && (state.data.length === 0 ? <NoPanels /> : <PanelRows panels={state.data} />)}
      </div>
    </Card>
  );
}

function NoPanels() {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 px-5 py-8 text-center">
      <div className="mx-auto grid size-12 place-items-center rounded-2xl bg-brand-50 text-brand-700">
        <PanelIcon className="size-6" />
      </div>
      <p className="mt-3 font-semibold text-slate-900">
        <Trans>You are not in any panel yet</Trans>
      </p>
      <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">
        <Trans>
          A panel is your company’s workspace. Register one for your business, or ask a panel’s owner to add you by your
          username or mobile number.
        </Trans>
      </p>
      <div className="mt-5 flex flex-col justify-center gap-3 sm:flex-row">
        <Link href={paths.user.registerPanel} className={buttonClasses('primary')}>
          <Trans>Register a panel</Trans>
        </Link>
        <Link href={paths.user.panelList} className={buttonClasses('secondary')}>
          <Trans>Choose a panel</Trans>
        </Link>
      </div>
    </div>
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
