/**
 * Panel management's client part: its places in the navigation (each shown to those whose role
 * opens it) and a screen for each route.
 */
import { msg } from '@lingui/core/macro';
import { Activity, Member, NumberSeries, Role } from '@/contract/access.ts';
import { permission } from '@/contract/entity.ts';
import { PANEL_SETTINGS_PERMISSION } from '@/contract/panels.ts';
import { defineClientModule, lazyScreen } from '@/moduleKit.ts';
import module from '../module.ts';

export default defineClientModule({
  module,
  name: msg`Panel management`,
  description: msg`People, roles and access, modules, icons, document numbers and the activity log.`,
  icon: 'grid',
  nav: [
    { screen: 'people', label: msg`People and access`, needs: permission(Member, 'read') },
    { screen: 'roles', label: msg`Roles and permissions`, needs: permission(Role, 'read') },
    { screen: 'chart', label: msg`Organisation chart`, needs: permission(Role, 'read') },
    { screen: 'activity', label: msg`Activity log`, needs: permission(Activity, 'read') },
    { screen: 'numberSeries', label: msg`Document numbers`, needs: permission(NumberSeries, 'read') },
    { screen: 'modules', label: msg`Modules`, needs: PANEL_SETTINGS_PERMISSION },
    { screen: 'icons', label: msg`Icons`, needs: PANEL_SETTINGS_PERMISSION },
    { screen: 'details', label: msg`Panel details`, needs: PANEL_SETTINGS_PERMISSION },
    { screen: 'allPanels', label: msg`All my panels`, needs: null },
  ],
  documentPages: { Member: 'people' },
  screens: {
    addModule: lazyScreen(() => import('./screens/ModuleAdd.tsx'), 'ModuleAdd'),
    modules: lazyScreen(() => import('./screens/ModuleList.tsx'), 'ModuleList'),
    details: lazyScreen(() => import('./screens/PanelDetails.tsx'), 'PanelDetails'),
    people: lazyScreen(() => import('./screens/PeopleAccess.tsx'), 'PeopleAccess'),
    activity: lazyScreen(() => import('./screens/ActivityLog.tsx'), 'ActivityLog'),
    chart: lazyScreen(() => import('./screens/ChartFlow.tsx'), 'ChartFlow'),
    icons: lazyScreen(() => import('./screens/Icon.tsx'), 'Icon'),
    initialElements: lazyScreen(() => import('./screens/InitialElements.tsx'), 'InitialElements'),
    allPanels: lazyScreen(() => import('./screens/AllPanels.tsx'), 'AllPanels'),
    roles: lazyScreen(() => import('./screens/Roles.tsx'), 'Roles'),
    numberSeries: lazyScreen(() => import('./screens/NumberSeries.tsx'), 'NumberSeries'),
  },
  catalogue: {
    fa: () => import('../locales/fa.po'),
    en: () => import('../locales/en.po'),
  },
});
