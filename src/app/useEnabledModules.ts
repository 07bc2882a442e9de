import type { ModuleKey } from '../contract/routes.ts';
import { useCurrentPanel } from '../storage/currentPanel.ts';

/**
 * The modules the current panel has enabled: undefined while the panel is loading, null without a
 * panel (or when it cannot be opened: no module opens then, not even one that is always on);
 * offline, those of the panel as last saved on this device.
 */
export function useEnabledModules(): readonly ModuleKey[] | null | undefined {
  const current = useCurrentPanel();
  if (current.status === 'loading') return undefined;
  return current.status === 'ready' ? current.panel.modules : null;
}
