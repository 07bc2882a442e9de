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

/** Registers the service worker (production builds) once the page is loaded and idle. */
export function startServiceWorker(): void {
  if (import.meta.env.PROD) whenIdleAfterLoad(() => void import('./registerServiceWorker.ts').then((pwa) => pwa.registerServiceWorker()));
}
