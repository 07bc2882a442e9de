import type { ModuleKey } from '../../contract/routes.ts';
import { panelManagementPlaces } from './panelManagementPlaces.ts';

/** Where each module opens (a screen of `moduleScreens`): links to a module go here. */
export const moduleHome: Record<ModuleKey, string> = {
  HumanResource: 'dashboard',
  NagemManagement: 'Dashboard',
  PanelManagement: 'People/Access',
  WarehousingMVM: 'dashboard',
  NagemWarehousingERP: 'product/AddNewProduct',
  MarketAccounting: 'dashboard',
};

/** A module's first screen the person may open (panel management's depend on their role). */
export function moduleEntry(module: ModuleKey, allows: (permission: string) => boolean): string {
  if (module !== 'PanelManagement') return moduleHome[module];
  return panelManagementPlaces.find((place) => !place.needs || allows(place.needs))?.screen ?? 'list';
}
