import { Suspense } from 'react';
import { Redirect } from 'wouter';
import { routePath, screenOfPath, type ClientModule } from '../panel/clientModule.ts';
import { clientModule, moduleOpens } from '../panel/modules.ts';
import { PanelLoadFailed } from '../panel/WithPanel.tsx';
import { useCurrentPanel } from '../storage/currentPanel.ts';
import { startPanelData } from '../storage/panelData.ts';
import { NotFoundPage } from './errors/NotFoundPage.tsx';
import { ModuleNotEnabled } from './ModuleNotEnabled.tsx';
import { PageSpinner } from './PageSpinner.tsx';
import { useEnabledModules } from './useEnabledModules.ts';
import { UserArea } from './UserArea.tsx';

/**
 * At boot, beside the module route's own chunk (decision 062): starts loading the screen a module
 * path shows, so the first render draws it at once instead of suspending on its chunk (React holds
 * a Suspense boundary revealed after its fallback back for up to ~300 ms); and for a signed-in
 * screen, its panel (the current panel asked for, its database opened), which the first render
 * would only start once drawn.
 */
export function preloadModuleScreen(module: string, rest: string): Promise<void> {
  const part = clientModule(module);
  const found = part && screenOfPath(part, rest);
  if (!found || found.alias) return Promise.resolve();
  const loaded = part.screens[found.route]!.preload();
  if (!part.withoutSession?.includes(found.route)) startPanelData();
  return loaded;
}

/**
 * A module screen, found among the discovered modules (any case, aliases redirect): shown when the
 * current panel has the module enabled; otherwise what the module does and how to enable it. A
 * module or screen that does not exist is a 404. A screen a device opens without a session (a
 * kiosk) is drawn as it is.
 */
export function ModuleRoute({ module, rest }: { module: string; rest: string }) {
  const part = clientModule(module);
  const found = part && screenOfPath(part, rest);
  if (!part || !found) return <NotFoundPage />;
  if (found.alias) return <Redirect to={routePath(part, found.route)} replace />;
  if (part.withoutSession?.includes(found.route)) return <DeviceScreen part={part} route={found.route} />;
  return (
    <UserArea bare={part.frameless?.includes(found.route)}>
      <EnabledScreen part={part} route={found.route} />
    </UserArea>
  );
}

/** A screen a device opens with nobody signed in: no session, no panel, no frame. */
function DeviceScreen({ part, route }: { part: ClientModule; route: string }) {
  const Screen = part.screens[route]!;
  return (
    <main id="main">
      <Suspense fallback={<PageSpinner />}>
        <Screen />
      </Suspense>
    </main>
  );
}

function EnabledScreen({ part, route }: { part: ClientModule; route: string }) {
  const enabled = useEnabledModules();
  const current = useCurrentPanel();
  if (enabled === undefined) return <PageSpinner />;
  // A panel that cannot be opened (its member removed, the live stream ended with `access`) says so.
  if (current.status === 'error') return <PanelLoadFailed error={current.error} />;
  // Without a panel no module opens (the page says how to choose one), also one that is always on.
  if (enabled === null || !moduleOpens(part, enabled)) return <ModuleNotEnabled part={part} />;
  const Screen = part.screens[route]!;
  return (
    <Suspense fallback={<PageSpinner />}>
      <Screen />
    </Suspense>
  );
}
