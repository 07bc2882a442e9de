/**
 * The page's side of the service worker, and the only code that talks to it (Squoosh-style):
 * registers src/sw.ts, says once that the app is ready offline, polls for a newer build and asks
 * the worker to update, and offers a waiting version with a toast. Only the person's "Reload"
 * activates it (SKIP_WAITING) and reloads, once; nothing reloads by itself, and over unsaved
 * input the reload asks first.
 */
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Workbox } from 'workbox-window';
import { dismissToast, showToast } from '../ui/toast.ts';
import { BUILD_ID } from './buildId.ts';
import { reloadPage } from './reloadPage.ts';
import { startBuildPoll } from './buildPoll.ts';
import { hasUnsavedInput, watchUnsavedInput } from './unsavedInput.ts';

const STICKY = 0;
const OFFLINE_READY_MS = 6000;

let updateToast: number | null = null;
let reloading = false;

function reloadOnce(): void {
  if (reloading) return;
  reloading = true;
  reloadPage();
}

/** Asks before a reload that would throw away typing; otherwise goes ahead. */
function reloadWhenSafe(reload: () => void): void {
  if (!hasUnsavedInput()) return reload();
  showToast(i18n._(msg`You have changes on this page that are not saved yet. Save them first, or reload anyway and lose them.`), {
    type: 'warning',
    duration: STICKY,
    action: { label: i18n._(msg`Reload anyway`), onClick: reload },
  });
}

/** The sticky "new version" toast, shown once however many times it is asked for. */
function offerUpdate(accept: () => void): void {
  if (updateToast !== null) return;
  updateToast = showToast(i18n._(msg`A new version of Pishkhan is ready.`), {
    duration: STICKY,
    action: {
      label: i18n._(msg`Reload`),
      onClick: () => {
        updateToast = null;
        reloadWhenSafe(accept);
      },
    },
  });
}

/** Registration starts with the page; its toasts need the language, which loads meanwhile. */
function localeActive(): Promise<void> {
  if (i18n.locale) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = i18n.on('change', () => {
      stop();
      resolve();
    });
  });
}

/**
 * Resolves once a first install's worker is active; rejects if it failed (a file of its precache
 * did not come, on a link that dropped): the browser then forgets the registration, and the caller
 * registers again later (src/pwa/startPwa.ts).
 */
function firstInstallDone(registration: ServiceWorkerRegistration): Promise<void> {
  // An active worker first: a page loaded past it (a hard reload) may also see an update waiting,
  // which activates only when the person accepts it.
  const worker = registration.active ?? registration.installing ?? registration.waiting;
  if (!worker) return Promise.reject(new Error('The service worker went away while it installed.'));
  return new Promise((resolve, reject) => {
    const settle = () => {
      if (worker.state === 'activated') resolve();
      else if (worker.state === 'redundant') reject(new Error('The service worker could not install.'));
      else return;
      worker.removeEventListener('statechange', settle);
    };
    worker.addEventListener('statechange', settle);
    settle();
  });
}

/**
 * Registers the worker and starts the build poll. Rejects when the worker could not be registered
 * or, on a first visit, could not install: the caller tries again.
 */
export async function registerServiceWorker(): Promise<void> {
  // Lets support (and the end-to-end tests) see which build a page runs.
  document.documentElement.dataset.build = BUILD_ID;
  if (!('serviceWorker' in navigator)) return;
  await localeActive();
  watchUnsavedInput();
  const firstInstall = !navigator.serviceWorker.controller;
  let controlled = !firstInstall;
  let acceptedHere = false;
  let offlineReadyShown = false;
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('activated', (event) => {
    if (!firstInstall || event.isExternal || offlineReadyShown) return;
    offlineReadyShown = true;
    showToast(i18n._(msg`Pishkhan is ready to work offline.`), { type: 'success', duration: OFFLINE_READY_MS });
  });
  // Fired for a version found by this page's poll, by the browser's own check, or by another tab.
  wb.addEventListener('waiting', () =>
    offerUpdate(() => {
      acceptedHere = true;
      wb.messageSkipWaiting();
    }),
  );
  wb.addEventListener('controlling', () => {
    if (acceptedHere) return reloadOnce();
    // Another tab accepted an update: this page runs the old build until the person reloads.
    // (The first install taking this page is no update.)
    if (controlled) {
      if (updateToast !== null) dismissToast(updateToast);
      updateToast = null;
      offerUpdate(reloadOnce);
    }
    controlled = true;
  });

  const registration = await wb.register();
  if (!registration) throw new Error('The service worker was not registered.');
  if (firstInstall) await firstInstallDone(registration);
  // Active, yet not this page's: its load began while the worker activated (its claim came before
  // the page was there), or a hard reload went past it. Asked to take it, so the page works offline.
  if (!navigator.serviceWorker.controller) registration.active?.postMessage({ type: 'CLAIM' });
  startBuildPoll({
    currentId: BUILD_ID,
    // A failed check (offline, a deploy in progress) changes nothing; the next poll tries again.
    onNewer: () => void registration.update().catch(() => undefined),
  });
}
