/**
 * Over figures the server keeps (account balances, a report): says that this person's documents
 * still queued on this device are not in them yet, and how many. The figures are confirmed ones;
 * the documents show as waiting (the amber sync mark) on their own lists and pages.
 */
import { Plural } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import type { Entity } from '../../contract/entity.ts';
import { usePanelData } from '../../storage/panelData.ts';
import { SyncIcon } from '../../ui/icons.tsx';

/** How many documents of these entities have a submit or cancel queued on this device. */
function useQueuedSteps(entities: readonly Entity[]): number {
  const panel = usePanelData();
  const keys = entities.map((e) => e.key).join('|');
  return useLiveQuery(
    async () => {
      if (!panel) return 0;
      const wanted = new Set(keys.split('|'));
      const ids = new Set<string>();
      for (const entry of await panel.db.outbox.toArray())
        if (wanted.has(entry.entity) && (entry.op === 'submit' || entry.op === 'cancel')) ids.add(entry.id);
      return ids.size;
    },
    [panel, keys],
    0,
  );
}

export function PendingNotice({ entities }: { entities: readonly Entity[] }) {
  const count = useQueuedSteps(entities);
  if (count === 0) return null;
  return (
    <p
      role="status"
      className="mb-4 flex items-center gap-2 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200 print:hidden"
    >
      <SyncIcon className="size-4 shrink-0" />
      <span>
        <Plural
          value={count}
          one="# of your documents is waiting to be sent: these figures count it once the server accepts it."
          other="# of your documents are waiting to be sent: these figures count them once the server accepts them."
        />
      </span>
    </p>
  );
}
