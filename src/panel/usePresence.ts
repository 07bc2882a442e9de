/**
 * Presence on a row's page (decision 039): while it is open, the device says so every
 * PRESENCE_BEAT_MS and once more when it closes; the answer is who else has it open, from the live
 * stream (only people who may read the row are ever told). A failed beat changes nothing.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { sendPresence } from '../api/panels.ts';
import { PRESENCE_BEAT_MS, type PresenceOpen } from '../contract/sync.ts';
import { usePanelData } from '../storage/panelData.ts';

const none: PresenceOpen[] = [];

export function usePresence(entity: string, id: string): string[] {
  const panel = usePanelData();
  useEffect(() => {
    if (!panel) return;
    const beat = (open: boolean) => void sendPresence({ entity, id, open }).catch(() => {});
    beat(true);
    const timer = setInterval(() => beat(true), PRESENCE_BEAT_MS);
    return () => {
      clearInterval(timer);
      beat(false);
    };
  }, [panel, entity, id]);
  const open = useSyncExternalStore(panel?.engine.subscribe ?? (() => () => {}), panel?.engine.getPresence ?? (() => none), () => none);
  return [...new Set(open.filter((p) => p.entity === entity && p.id === id).map((p) => p.name))];
}
