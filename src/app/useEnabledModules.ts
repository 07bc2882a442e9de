import type { ModuleKey } from '../contract/routes.ts';
import { useCurrentPanel } from '../storage/currentPanel.ts';

const none: readonly ModuleKey[] = [];

/**
 * The modules the current panel has enabled: undefined while the panel is loading, none without a
 * panel (or when it cannot be opened); offline, those of the panel as last saved on this device.
 */
export function useEnabledModules(): readonly ModuleKey[] | undefined {
  const current = useCurrentPanel();
  if (current.status === 'loading') return undefined;
  return current.status === 'ready' ? current.panel.modules : none;
}
