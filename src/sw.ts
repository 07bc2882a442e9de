/// <reference lib="webworker" />
/**
 * The service worker. It precaches the app shell and every lazy chunk, the font, icons and
 * manifest (the list is injected at build), and answers every navigation with the precached
 * index.html, so each route opens offline after one visit. It never answers /api: no route matches
 * it, so those requests go to the network untouched and no API answer is ever stored in a cache.
 * A new version waits until the page asks it to take over (SKIP_WAITING, sent by src/pwa when the
 * person accepts the update), so a running page is never switched under someone's feet.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/** Navigations that are not the app: the API, and files opened directly (builds/latest.json). */
const notTheApp = [/^\/api(\/|\?|$)/i, /^[^?]*\/[^/?]+\.[a-z0-9]+(\?.*)?$/i];
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: notTheApp }));

// The first install takes the page that installed it, so it works offline without a reload.
// Updates never come this way: a waiting worker activates only on SKIP_WAITING.
clientsClaim();

self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
  // A page whose load began while this worker activated was not there for its claim: it asks.
  if (event.data?.type === 'CLAIM') event.waitUntil(self.clients.claim());
});

/** What the server pushes (server/notifications/push.ts, decision 040): already worded in the device's language. */
interface PushPayload {
  title?: string;
  body?: string;
  url?: string;
  tag?: string;
}

function readPush(event: PushEvent): PushPayload {
  try {
    const data: unknown = event.data?.json();
    return typeof data === 'object' && data !== null ? (data as PushPayload) : {};
  } catch {
    return { body: event.data?.text() };
  }
}

/** Only addresses of this app open from a notification. */
function appUrl(raw: unknown): string {
  try {
    const url = new URL(typeof raw === 'string' ? raw : '/', self.location.origin);
    return url.origin === self.location.origin ? url.href : self.location.origin + '/';
  } catch {
    return self.location.origin + '/';
  }
}

// A push shows a notification even with the app closed: the panel's name, the message, the app's icon.
self.addEventListener('push', (event) => {
  const push = readPush(event);
  event.waitUntil(
    self.registration.showNotification(push.title || 'Pishkhan', {
      body: push.body ?? '',
      icon: '/pwa-192x192.png',
      badge: '/pwa-64x64.png',
      dir: 'auto',
      ...(push.tag ? { tag: push.tag } : {}),
      data: { url: appUrl(push.url) },
    }),
  );
});

// A tap opens the notification's screen: in a window of the app already open (the page routes it
// itself, so nothing typed there is lost), else in a new one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = appUrl((event.notification.data as { url?: unknown } | null)?.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        await open.focus().catch(() => {});
        open.postMessage({ type: 'OPEN_URL', url });
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
