/**
 * A tapped notification (src/sw.ts, `notificationclick`) finds a window of the app that is open
 * and posts it `OPEN_URL`; this window then opens that screen through the router.
 *
 * The listener is added as the page starts (src/pwa/startPwa.ts), not with the worker's
 * registration: the browser starts delivering a window's worker messages once its document has
 * loaded, and a message that arrives before anyone listens is gone. Registration waits for the
 * first screen and an idle main thread, seconds on a busy phone, and a tap in those seconds did
 * nothing.
 */
import { navigate } from 'wouter/use-browser-location';

interface OpenUrlMessage {
  type?: string;
  url?: unknown;
}

let listening = false;

export function listenForOpenUrl(): void {
  if (listening || !('serviceWorker' in navigator)) return;
  listening = true;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<OpenUrlMessage | null>) => {
    if (event.data?.type !== 'OPEN_URL' || typeof event.data.url !== 'string') return;
    const url = new URL(event.data.url, location.origin);
    if (url.origin === location.origin) navigate(url.pathname + url.search);
  });
}
