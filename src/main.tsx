/**
 * Boot: console silenced in production builds (spec section 8), the remembered language loaded
 * before the first paint, the session's refresh check started, then the app.
 */
import { i18n } from '@lingui/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { preloadRoute } from './app/AppRoutes.tsx';
import { startSession } from './app/startSession.ts';
import { activateLocale, storedLocale } from './i18n/locale.ts';
import './index.css';
import './pwa/startPwa.ts';

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
  // The opened route's chunks start loading at once, side by side with the language's words.
  const routeLoaded = preloadRoute(location.pathname);
  await activateLocale(await storedLocale());
  await routeLoaded;
  startSession();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App i18n={i18n} />
    </StrictMode>,
  );
}

void boot();
