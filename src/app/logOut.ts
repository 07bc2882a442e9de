import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { paths } from '../contract/routes.ts';
import { endSessionHere } from '../panel/endSession.ts';
import { activePanelData, unsyncedCount } from '../storage/panelData.ts';
import { askAboutLogout, canAskAboutLogout, type LogoutChoice } from './logoutPrompt.ts';

/**
 * First tries to send what is waiting, then asks whether to erase this person's data from the
 * device (a shared phone) or keep it, saying what has not reached the server yet (offline, or
 * rejected and not yet settled), or to stay signed in.
 */
async function howToLeave(): Promise<LogoutChoice> {
  const data = activePanelData();
  if (data) await data.engine.syncNow();
  const { pending, problems } = data ? await unsyncedCount(data) : { pending: 0, problems: 0 };
  if (canAskAboutLogout()) return askAboutLogout(pending, problems);
  // No dialog to ask in: erase, unless that would throw away changes the person has not given up.
  if (pending + problems === 0) return 'erase';
  return window.confirm(i18n._(msg`Some changes have not reached the server. Log out and discard them?`)) ? 'erase' : 'stay';
}

/**
 * Ends the session: the server revokes the refresh family (and its access tokens); the device
 * forgets every cookie even when the server cannot be reached, and the person's panel data when
 * they chose to erase it.
 */
export async function logOut(): Promise<void> {
  const choice = await howToLeave();
  if (choice === 'stay') return;
  await endSessionHere({ erase: choice === 'erase', goTo: paths.auth.login });
}
