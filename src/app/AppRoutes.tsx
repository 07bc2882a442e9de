/**
 * The route table: every platform route of spec section 2 (matched case-insensitively by wouter),
 * the correctly spelled aliases redirecting to the spec's spellings, every module route through
 * one lazy route that finds the module and its screen among the discovered modules, and the 404
 * page for the rest. The signed-in frame and the module route are lazy, like every screen: the
 * first load of a public page carries the shell only (bench/bundle measures it).
 */
import { Suspense, type ComponentType, type ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { aliases, canonicalRoute, MODULE_BASE, moduleOfPath, needsSession } from '../contract/routes.ts';
import { withModuleCatalogues } from '../i18n/locale.ts';
import { NotFoundPage } from './errors/NotFoundPage.tsx';
import { AuthLayout } from './layout/AuthLayout.tsx';
import { PageSpinner } from './PageSpinner.tsx';
import { lazyScreen } from '../panel/lazyScreen.ts';
import { authScreens, standaloneScreens, userScreens } from './screens.ts';

// The signed-in area draws only once every word of the app is loaded (the shell has its own few),
// the modules' words included (their discovery is part of the area's chunk).
const UserArea = lazyScreen(() => withModuleCatalogues(import('./UserArea.tsx')), 'UserArea');
// A module route brings the signed-in area with it (a module's screen may be drawn without the frame).
const ModuleRoute = lazyScreen<'ModuleRoute', { module: string; rest: string }>(
  () => withModuleCatalogues(import('./ModuleRoute.tsx')),
  'ModuleRoute',
);

/**
 * Starts loading what a path will show (its screen, the signed-in frame, the module route) so the
 * chunks arrive alongside the language's words instead of after the first render.
 */
export function preloadRoute(path: string): Promise<void> {
  const moduled = moduleOfPath(path);
  // The module's screen too: its chunk is known once the module route's own (which discovers the
  // modules) has come, without waiting for the modules' words as the route itself does.
  if (moduled)
    return Promise.all([
      ModuleRoute.preload(),
      import('./ModuleRoute.tsx').then(({ preloadModuleScreen }) => preloadModuleScreen(moduled.module, moduled.rest)),
    ]).then(() => undefined);
  const route = canonicalRoute(path);
  if (!route) return Promise.resolve();
  const screen = standaloneScreens[route] ?? authScreens[route] ?? userScreens[route];
  return Promise.all([screen?.preload(), needsSession(route) ? UserArea.preload() : undefined]).then(() => undefined);
}

function framed(Frame: ComponentType<{ children: ReactNode }>, Screen: ComponentType) {
  return function FramedScreen() {
    return (
      <Frame>
        <Suspense fallback={<PageSpinner />}>
          <Screen />
        </Suspense>
      </Frame>
    );
  };
}

// Built once, so a route's component keeps its identity between renders.
const authRoutes = Object.entries(authScreens).map(([path, Screen]) => ({ path, component: framed(AuthLayout, Screen) }));
const userRoutes = Object.entries(userScreens).map(([path, Screen]) => ({ path, component: framed(UserArea, Screen) }));

export function AppRoutes() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Switch>
        {Object.entries(aliases).map(([from, to]) => (
          <Route key={from} path={from}>
            <Redirect to={to} replace />
          </Route>
        ))}
        {Object.entries(standaloneScreens).map(([path, Screen]) => (
          <Route key={path} path={path} component={Screen} />
        ))}
        {[...authRoutes, ...userRoutes].map(({ path, component }) => (
          <Route key={path} path={path} component={component} />
        ))}
        <Route path={`${MODULE_BASE}/:module/*`}>
          {(params: { module: string; '*': string }) => <ModuleRoute module={params.module} rest={params['*']} />}
        </Route>
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
