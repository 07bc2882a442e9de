import { OfflineIndicator } from '../../ui/OfflineIndicator.tsx';
import { useCurrentUser } from '../../storage/currentUser.ts';
import { SyncIndicator } from './SyncIndicator.tsx';

/**
 * The header's status area, always in view: connectivity (with the age of what is shown when it
 * is the last saved copy), and beside it whatever else reports state (the sync indicator).
 */
export function StatusArea() {
  const current = useCurrentUser();
  const lastSeenAt = current.status === 'ready' && current.stale ? current.savedAt : undefined;
  return (
    <div className="flex items-center gap-1">
      <OfflineIndicator lastSeenAt={lastSeenAt} />
      <SyncIndicator />
    </div>
  );
}
