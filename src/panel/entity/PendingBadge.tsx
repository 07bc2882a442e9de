import { Trans } from '@lingui/react/macro';
import { SyncIcon } from '../../ui/icons.tsx';

/** Marks a row with changes saved here and not yet accepted by the server. */
export function PendingBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800 ring-1 ring-amber-200">
      <SyncIcon className="size-3.5" />
      <Trans>Not synced yet</Trans>
    </span>
  );
}
