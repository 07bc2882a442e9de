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
});
