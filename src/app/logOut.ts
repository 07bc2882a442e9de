import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { navigate } from 'wouter/use-browser-location';
import { logout } from '../api/account.ts';
import { paths } from '../contract/routes.ts';
import { resetCurrentUser } from '../session/currentUser.ts';
import { clearSession, readSession } from '../session/session.ts';
import { resetCurrentPanel } from '../storage/currentPanel.ts';
import { activePanelData, deleteLocalData, unsyncedCount } from '../storage/panelData.ts';
import { askAboutUnsyncedChanges, canAskAboutLogout } from './logoutPrompt.ts';

/**
 * First tries to send what is waiting; if changes still have not reached the server (offline, or
 * rejected and not yet settled), asks whether to stay signed in or discard them. Logging out
 * deletes this person's panel data from the device.
 */
async function mayLeave(): Promise<boolean> {
  const data = activePanelData();
  if (!data) return true;
  await data.engine.syncNow();
  const { pending, problems } = await unsyncedCount(data);
  if (pending + problems === 0) return true;
  if (canAskAboutLogout()) return (await askAboutUnsyncedChanges(pending, problems)) === 'discard';
  return window.confirm(i18n._(msg`Some changes have not reached the server. Log out and discard them?`));
}

/**
 * Ends the session: the server revokes the refresh family (and its access tokens); the device
 * forgets every cookie even when the server cannot be reached, and the person's panel data.
 */
export async function logOut(): Promise<void> {
  if (!(await mayLeave())) return;
  const { refreshToken, username } = readSession();
  if (refreshToken) await logout(refreshToken).catch(() => {});
  clearSession();
  resetCurrentUser();
  resetCurrentPanel();
  navigate(paths.auth.login, { replace: true });
  // After the signed-in screens have let go of the database.
  await new Promise((resolve) => setTimeout(resolve, 0));
  if (username) await deleteLocalData(username);
}
