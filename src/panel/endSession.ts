import { navigate } from 'wouter/use-browser-location';
import { logout } from '../api/account.ts';
import { forgetPushHere } from '../pwa/pushNotifications.ts';
import { clearSession, readSession } from '../session/session.ts';
import { resetCurrentPanel } from '../storage/currentPanel.ts';
import { resetCurrentUser } from '../storage/currentUser.ts';
import { activePanelData, closePanelData, deleteLocalData } from '../storage/panelData.ts';

/**
 * Ends the signed-in session on this device and goes to `goTo` (the login page, or a kiosk that
 * runs on its own credential). Syncing stops first, and a round under way is waited out: the server
 * ends the live stream as it revokes the session, and a round started by that, or still running,
 * would meet a 401 and send the page to the login page.
 */
export async function endSessionHere({ erase, goTo }: { erase: boolean; goTo: string }): Promise<void> {
  await activePanelData()?.engine.stopAndSettle();
  const { refreshToken, username } = readSession();
  if (refreshToken) await logout(refreshToken).catch(() => {});
  await forgetPushHere();
  clearSession();
  resetCurrentUser();
  resetCurrentPanel();
  navigate(goTo, { replace: true });
  // After the signed-in screens have let go of the database.
  await new Promise((resolve) => setTimeout(resolve, 0));
  if (erase && username) await deleteLocalData(username).catch(() => {});
  else closePanelData();
}
