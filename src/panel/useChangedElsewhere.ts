/**
 * An open form whose row someone else changed (decision 045): the sync engine says which rows a
 * pull brought that this device did not write, and when the form's row is among them the form
 * warns before the person saves. They reload the other version (dropping their edits) or keep
 * editing; their save then names the version they started from, so the server answers 9303 and
 * the clash goes to sync problems instead of silently overwriting the other change.
 */
import { useEffect, useState } from 'react';
import type { Row } from '../contract/entity.ts';
import type { LocalRow } from '../storage/localRecords.ts';
import { usePanelData } from '../storage/panelData.ts';
import { serverRowOf } from '../storage/reconcile.ts';

export interface ChangedElsewhere {
  /** Someone else's change arrived and the person has not yet chosen what to do. */
  changed: boolean;
  /** The server version the edit stands on, once it is older than the device's; the save passes it on. */
  seenVersion: number | undefined;
  /** Takes the row as it is now as the edit's start (the form resets its values itself). */
  reload: () => void;
  /** Goes on with the edit as it is. */
  keep: () => void;
}

function versionOf(row: Row | null | undefined): number | undefined {
  return row ? serverRowOf(row as LocalRow)?.version : undefined;
}

export function useChangedElsewhere(entity: string, row: Row | null | undefined): ChangedElsewhere {
  const panel = usePanelData();
  const [seen, setSeen] = useState(() => versionOf(row));
  const [stale, setStale] = useState(false);
  const [changed, setChanged] = useState(false);
  const id = row?.id;

  useEffect(() => {
    if (!panel || !id) return;
    return panel.engine.onRemoteChanges((changes) => {
      if (!changes.some((c) => c.entity === entity && c.id === id)) return;
      setStale(true);
      setChanged(true);
    });
  }, [panel, entity, id]);

  return {
    changed,
    seenVersion: stale ? seen : undefined,
    reload: () => {
      setSeen(versionOf(row));
      setStale(false);
      setChanged(false);
    },
    keep: () => setChanged(false),
  };
}
