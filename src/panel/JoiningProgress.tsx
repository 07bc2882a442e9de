/**
 * A first sync under way (decision 051): "Getting this panel ready on this device: 45 % (120,000
 * of 260,000 rows)", where a person waits for it (the panel's dashboard, the sync badge's panel),
 * and the warning when the device is short of room for it. Screens do not wait for it: they show
 * what has arrived so far.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useSyncExternalStore } from 'react';
import { formatNumber } from '../i18n/format.ts';
import { usePanelData } from '../storage/panelData.ts';
import type { SyncStatus } from '../storage/SyncEngine.ts';
import { Alert } from '../ui/Alert.tsx';
import { ProgressBar } from '../ui/ProgressBar.tsx';

const idleStatus = { joining: null, storageShort: null } as const;

/** The engine's joining progress and storage shortfall (none without a panel). */
export function useJoining(): Pick<SyncStatus, 'joining' | 'storageShort'> {
  const panel = usePanelData();
  const status = useSyncExternalStore(
    (listener) => panel?.engine.subscribe(listener) ?? (() => {}),
    () => panel?.engine.getStatus() ?? null,
    () => panel?.engine.getStatus() ?? null,
  );
  return status ?? idleStatus;
}

/** Whole megabytes, rounded up, in the locale's digits. */
function megabytes(bytes: number): string {
  return formatNumber(Math.ceil(bytes / 1024 / 1024));
}

/** The progress bar and the shortfall warning; nothing once the panel is ready and there is room. */
export function JoiningProgress({ className }: { className?: string }) {
  const { t } = useLingui();
  const { joining, storageShort } = useJoining();
  if (!joining && !storageShort) return null;
  const ratio = joining && joining.total > 0 ? Math.min(1, joining.done / joining.total) : 0;
  const percent = formatNumber(ratio, { style: 'percent', maximumFractionDigits: 0 });
  const done = formatNumber(joining?.done ?? 0);
  const total = formatNumber(joining?.total ?? 0);
  const needed = megabytes(storageShort?.needed ?? 0);
  const available = megabytes(storageShort?.available ?? 0);
  return (
    <div className={className}>
      {joining && (
        <div className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
          <ProgressBar
            value={ratio * 100}
            label={t`Getting this panel ready on this device: ${percent} (${done} of ${total} rows)`}
            valueText={percent}
          />
          <p className="mt-2 text-sm text-slate-600">
            <Trans>You can keep working: screens show what has arrived so far.</Trans>
          </p>
        </div>
      )}
      {storageShort && (
        <Alert tone="warning" title={t`This device is short of room`}>
          <p>
            <Trans>
              The panel needs about {needed} MB on this device and only {available} MB are left. Free some space, or the panel may not fit.
            </Trans>
          </p>
        </Alert>
      )}
    </div>
  );
}
