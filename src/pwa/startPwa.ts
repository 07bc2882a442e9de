/**
 * Imported by main.tsx, so it runs as the page starts: the browser's install offer comes once and
 * early (before the app's lazy chunks have loaded), so it is caught here; so is a tapped
 * notification's screen (src/pwa/openUrl.ts). Production builds then
 * register the service worker (its code, workbox-window, is a chunk of its own) when main.tsx says
 * the first screen has what it needs (its route's chunks and its words), once the page has loaded
 * and the main thread is idle: the worker's precache (about 1 MB on a first visit) then never
 * shares a slow link with the first screen's own files.
 */
import { listenForInstallPrompt } from './installPrompt.ts';
import { listenForOpenUrl } from './openUrl.ts';

function whenIdleAfterLoad(work: () => void): void {
  const idle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(work, { timeout: 2000 }) : setTimeout(work, 200));
  if (document.readyState === 'complete') idle();
  else addEventListener('load', idle, { once: true });
}

listenForInstallPrompt();
// A tapped notification's screen: listened for from the start, as the worker may already control this page.
listenForOpenUrl();

const FIRST_RETRY_MS = 5_000;
const LONGEST_WAIT_MS = 5 * 60_000;

/**
 * Runs `attempt` until it succeeds: after a failure, again as soon as the device comes back online,
 * or (online) after a wait that doubles from 5 s up to 5 minutes.
 */
export function untilDone(attempt: () => Promise<void>, waitMs = FIRST_RETRY_MS): void {
  attempt().catch(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const again = () => {
      removeEventListener('online', again);
      clearTimeout(timer);
      untilDone(attempt, Math.min(waitMs * 2, LONGEST_WAIT_MS));
    };
    addEventListener('online', again);
    if (navigator.onLine) timer = setTimeout(again, waitMs);
  });
}

/**
 * Registers the service worker (production builds) once the page is loaded and idle. On one bar of
 * signal its chunk, its script or a file of its first precache may not come: it is tried again
 * until it works, or the page would not open offline until the next reload.
 */
export function startServiceWorker(): void {
  if (import.meta.env.PROD)
    whenIdleAfterLoad(() => untilDone(() => import('./registerServiceWorker.ts').then((pwa) => pwa.registerServiceWorker())));
}
