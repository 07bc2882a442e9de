import { Suspense } from 'react';
import type { ModuleKey } from '../contract/routes.ts';
import { builtModuleScreens } from './moduleScreens.ts';
import { ModuleNotEnabled } from './ModuleNotEnabled.tsx';
import { PageSpinner } from './PageSpinner.tsx';
import { useEnabledModules } from './useEnabledModules.ts';

/**
 * A module screen: shown when the module is built and enabled in the current panel; otherwise the
 * "module not enabled in this panel" state with the way to enable it.
 */
export function ModuleRoute({ module, screen }: { module: ModuleKey; screen: string }) {
  const enabled = useEnabledModules();
  const Screen = builtModuleScreens[module]?.[screen];
  if (enabled === undefined) return <PageSpinner />;
  if (!Screen || !enabled.includes(module)) return <ModuleNotEnabled module={module} />;
  return (
    <Suspense fallback={<PageSpinner />}>
      <Screen />
    </Suspense>
  );
}
