/**
 * The platform's own entity rules (the access model), by entity key; the modules' come from their
 * server parts. Wired into the mutation path with them (server/modules/serverModule.ts).
 */
import type { EntityHooks } from '../entities/lifecycle.ts';
import { memberHooks } from './memberHooks.ts';
import { numberSeriesHooks } from './numberSeriesHooks.ts';
import { roleHooks } from './roleHooks.ts';

export const accessHooks: Readonly<Record<string, EntityHooks>> = {
  'PanelManagement/Member': memberHooks,
  'PanelManagement/Role': roleHooks,
  'PanelManagement/NumberSeries': numberSeriesHooks,
};
