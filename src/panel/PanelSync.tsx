import { useEffect } from 'react';
import { usePanelData } from '../storage/panelData.ts';

/**
 * Runs the current panel's sync engine while a panel is open, whatever the frame around the
 * screen: the app's frame, or none at all (a kiosk's full-screen page).
 */
export function PanelSync() {
  const panel = usePanelData();
  useEffect(() => panel?.engine.start(), [panel]);
  return null;
}
