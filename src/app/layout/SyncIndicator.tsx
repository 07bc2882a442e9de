/**
 * The sync badge in the header: changes waiting to be sent, the last successful sync, whether it
 * is syncing, offline or failing, and the way to sync problems. The engine itself runs wherever a
 * panel is open (src/panel/PanelSync.tsx).
 */
import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Link } from 'wouter';
import { paths } from '../../contract/routes.ts';
import type { I18n } from '@lingui/core';
import { describeError } from '../../i18n/describeError.ts';
import { messageForCode } from '../../i18n/errorMessage.ts';
import { SyncTransportError } from '../../storage/syncTransport.ts';
import { formatDateTime, formatNumber, formatRelative } from '../../i18n/format.ts';
import { usePanelData, type PanelData } from '../../storage/panelData.ts';
import { useSyncCounts } from '../../storage/useSyncState.ts';
import { Button, buttonClasses } from '../../ui/Button.tsx';
import { cx } from '../../ui/cx.ts';
import { AlertIcon, CheckIcon, SyncIcon } from '../../ui/icons.tsx';
import { LogoutGuard } from './LogoutGuard.tsx';
import { JoiningProgress } from '../../panel/JoiningProgress.tsx';

export function SyncIndicator() {
  const panel = usePanelData();
  return (
    <>
      {panel && <SyncBadge panel={panel} />}
      <LogoutGuard />
    </>
  );
}

function syncFailureText(i18n: I18n, error: Error): string {
  return error instanceof SyncTransportError && error.code !== undefined ? messageForCode(i18n, error.code) : describeError(i18n, error);
}

/** How long after someone else's change arrives the badge says "updated just now". */
const JUST_NOW_MS = 10_000;

/** True from `at` (when it came) for JUST_NOW_MS. */
function useJustNow(at: number | null): boolean {
  const [over, setOver] = useState<number | null>(null);
  useEffect(() => {
    if (at === null) return;
    const timer = setTimeout(() => setOver(at), JUST_NOW_MS);
    return () => clearTimeout(timer);
  }, [at]);
  return at !== null && over !== at;
}

function SyncBadge({ panel }: { panel: PanelData }) {
  const { t, i18n } = useLingui();
  const status = useSyncExternalStore(panel.engine.subscribe, panel.engine.getStatus, panel.engine.getStatus);
  const { pending, problems, lastSyncAt } = useSyncCounts(panel);
  const syncing = status.phase === 'syncing';
  const tone =
    problems > 0 ? 'problem' : status.phase === 'error' ? 'error' : pending > 0 || status.phase === 'offline' ? 'waiting' : 'synced';
  const failure = status.lastError ? syncFailureText(i18n, status.lastError) : '';
  const justUpdated = useJustNow(status.remoteChangeAt);
  const pendingText = formatNumber(pending);
  const problemText = formatNumber(problems);
  const waiting = pending > 0 ? t`${pendingText} changes not synced` : null;
  const joining = status.joining;
  const joiningPercent = joining
    ? formatNumber(joining.total > 0 ? Math.min(1, joining.done / joining.total) : 0, { style: 'percent', maximumFractionDigits: 0 })
    : '';
  const label =
    tone === 'problem'
      ? waiting
        ? t`Sync problems: ${problemText}; ${waiting}`
        : t`Sync problems: ${problemText}`
      : (waiting ??
        (joining
          ? t`Getting this panel ready: ${joiningPercent}`
          : syncing
            ? t`Syncing`
            : justUpdated
              ? t`Updated just now`
              : t`All changes synced`));

  return (
    <Popover className="relative">
      <PopoverButton
        aria-label={label}
        className={cx(
          'relative inline-flex h-11 items-center gap-1.5 rounded-full px-3 text-sm font-semibold ring-1 sm:h-9',
          tone === 'problem' && 'bg-red-50 text-red-800 ring-red-200 hover:bg-red-100',
          tone === 'error' && 'bg-amber-50 text-amber-900 ring-amber-200 hover:bg-amber-100',
          tone === 'waiting' && 'bg-slate-100 text-slate-800 ring-slate-200 hover:bg-slate-200',
          tone === 'synced' && 'bg-emerald-50 text-emerald-800 ring-emerald-200 hover:bg-emerald-100',
          tone === 'synced' && justUpdated && !syncing && 'ring-2 ring-emerald-500',
        )}
      >
        {tone === 'problem' || tone === 'error' ? (
          <AlertIcon className="size-4" />
        ) : tone === 'synced' && !syncing ? (
          <CheckIcon className="size-4" />
        ) : (
          <SyncIcon className={cx('size-4', syncing && 'animate-spin')} />
        )}
        {problems > 0 && <span aria-hidden="true">{problemText}</span>}
        {/* Problems and pending changes both: on a phone the problems only (the label and the panel say both), or the panel's pill in the header is squeezed to a sliver. */}
        {problems > 0 && pending > 0 && <SyncIcon className={cx('hidden size-4 sm:block', syncing && 'animate-spin')} />}
        {pending > 0 && (
          <span aria-hidden="true" className={problems > 0 ? 'hidden sm:inline' : undefined}>
            {pendingText}
          </span>
        )}
        {joining && problems === 0 && pending === 0 && (
          // A first sync under way: how far it got, in the badge itself (decision 051).
          <span aria-hidden="true" className="text-xs font-medium whitespace-nowrap">
            {joiningPercent}
          </span>
        )}
        {tone === 'synced' && justUpdated && !syncing && (
          // On a phone the words would wrap the header onto three lines: the ring says it there.
          <span aria-hidden="true" className="hidden text-xs font-medium whitespace-nowrap sm:inline">
            <Trans>Updated just now</Trans>
          </span>
        )}
      </PopoverButton>
      <PopoverPanel
        anchor="bottom end"
        className="z-40 mt-2 w-80 rounded-xl bg-white p-4 text-sm text-slate-700 shadow-lg ring-1 ring-slate-200 focus:outline-none"
      >
        <p className="font-semibold text-slate-900">{label}</p>
        <dl className="mt-2 space-y-1.5">
          <div className="flex justify-between gap-3">
            <dt>
              <Trans>Waiting to be sent</Trans>
            </dt>
            <dd className="font-medium text-slate-900">{pendingText}</dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt>
              <Trans>Last synced</Trans>
            </dt>
            <dd className="font-medium text-slate-900" title={lastSyncAt ? formatDateTime(lastSyncAt) : undefined}>
              {lastSyncAt ? formatRelative(lastSyncAt) : <Trans>Not yet</Trans>}
            </dd>
          </div>
        </dl>
        <JoiningProgress className="mt-3 space-y-3" />
        {status.phase === 'offline' && (
          <p className="mt-3 text-slate-600">
            <Trans>You are offline. Changes are kept on this device and sent when the connection returns.</Trans>
          </p>
        )}
        {status.phase === 'error' && failure && (
          <p className="mt-3 text-amber-900">
            <Trans>The last sync failed: {failure} It will be tried again.</Trans>
          </p>
        )}
        <div className="mt-4 flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="secondary"
            icon={<SyncIcon className="size-4" />}
            loading={syncing}
            onClick={() => void panel.engine.syncNow()}
          >
            <Trans>Sync now</Trans>
          </Button>
          {problems > 0 && (
            <Link href={paths.syncProblems} className={buttonClasses('danger', 'sm')}>
              <Trans>Review sync problems</Trans>
            </Link>
          )}
        </div>
      </PopoverPanel>
    </Popover>
  );
}
