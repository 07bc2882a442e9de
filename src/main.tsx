/**
 * Boot: console silenced in production builds (spec section 8), the remembered language loaded
 * before the first paint, the session's refresh check started, then the app.
 */
import { i18n } from '@lingui/core';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { preloadRoute } from './app/AppRoutes.tsx';
import { needsSession } from './contract/routes.ts';
import { startSession } from './app/startSession.ts';
import { activateLocale, storedLocale } from './i18n/locale.ts';
import './index.css';
import { startServiceWorker } from './pwa/startPwa.ts';

function silenceConsole(): void {
  const quiet = () => {};
  for (const method of ['log', 'info', 'debug', 'warn', 'error', 'trace'] as const) console[method] = quiet;
}

if (import.meta.env.PROD) silenceConsole();

/**
 * In a function, not at the top level: a top-level await keeps this entry chunk evaluating, and a
 * lazy chunk that imports shared code Rollup placed here would then wait for it forever.
 */
async function boot(): Promise<void> {
  // First: a panel screen's preload asks the server for its panel (decision 062).
  startSession();
  // The opened route's chunks start loading at once, side by side with the language's words.
  const routeLoaded = preloadRoute(location.pathname);
  await activateLocale(await storedLocale());
  await routeLoaded;
  const root = createRoot(document.getElementById('root')!);
  const render = () =>
    root.render(
      <StrictMode>
        <App i18n={i18n} />
      </StrictMode>,
    );
  // The signed-in area's first render (frame, panel, module screen) is long: as a transition React
  // renders it in slices and the page answers in between (no long task at 4× CPU, where there was
  // one of ~90 ms; bench:longtasks). The public screens' is short, and slicing only delays it.
  if (needsSession(location.pathname)) startTransition(render);
  else render();
}

// Only after the boot: the first screen's chunks and words are here, so the precache cannot slow
// them down (and a boot that failed still gets the worker, which may bring a build that works).
void boot().finally(startServiceWorker);
