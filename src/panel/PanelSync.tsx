import { useEffect } from 'react';
import { useCurrentPanel } from '../storage/currentPanel.ts';
import { usePanelData } from '../storage/panelData.ts';
import { markRecentRows } from '../ui/dataTable/recentRows.ts';

/**
 * Runs the current panel's sync engine while a panel is open, whatever the frame around the
 * screen: the app's frame, or none at all (a kiosk's full-screen page).
 */
export function PanelSync() {
  const panel = usePanelData();
  // The engine's access is the current panel's (a new device's first pull waits for it): asked for
  // here, so it is on its way whatever the page shows.
  useCurrentPanel();
  useEffect(() => panel?.engine.start(), [panel]);
  // Rows someone else changed get a brief highlight in every list (decision 039).
  useEffect(() => panel?.engine.onRemoteChanges((changes) => markRecentRows(changes.map((c) => c.id))), [panel]);
  return null;
}
