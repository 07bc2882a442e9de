/**
 * The module screens that are built, per module. A module route whose screen is not listed here
 * shows the "module not enabled in this panel" state.
 */
import type { ModuleKey } from '../contract/routes.ts';
import { lazyScreen, type Screen } from './lazyScreen.ts';

export const builtModuleScreens: Partial<Record<ModuleKey, Record<string, Screen>>> = {
  PanelManagement: {
    'Module/add': lazyScreen(() => import('../features/panels/management/ModuleAdd.tsx'), 'ModuleAdd'),
    'Module/list': lazyScreen(() => import('../features/panels/management/ModuleList.tsx'), 'ModuleList'),
    PanelDetails: lazyScreen(() => import('../features/panels/management/PanelDetails.tsx'), 'PanelDetails'),
    'People/Access': lazyScreen(() => import('../features/panels/management/PeopleAccess.tsx'), 'PeopleAccess'),
    Activity: lazyScreen(() => import('../features/panels/management/ActivityLog.tsx'), 'ActivityLog'),
    ChartFlow: lazyScreen(() => import('../features/panels/management/ChartFlow.tsx'), 'ChartFlow'),
    Icon: lazyScreen(() => import('../features/panels/management/Icon.tsx'), 'Icon'),
    'initial-elements': lazyScreen(() => import('../features/panels/management/InitialElements.tsx'), 'InitialElements'),
    list: lazyScreen(() => import('../features/panels/management/AllPanels.tsx'), 'AllPanels'),
    Role: lazyScreen(() => import('../features/panels/management/Roles.tsx'), 'Roles'),
  },
};
