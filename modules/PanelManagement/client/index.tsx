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
    { screen: 'People/Access', label: msg`People and access`, needs: permission(Member, 'read') },
    { screen: 'Role', label: msg`Roles and permissions`, needs: permission(Role, 'read') },
    { screen: 'ChartFlow', label: msg`Organisation chart`, needs: permission(Role, 'read') },
    { screen: 'Activity', label: msg`Activity log`, needs: permission(Activity, 'read') },
    { screen: 'NumberSeries', label: msg`Document numbers`, needs: permission(NumberSeries, 'read') },
    { screen: 'Module/list', label: msg`Modules`, needs: PANEL_SETTINGS_PERMISSION },
    { screen: 'Icon', label: msg`Icons`, needs: PANEL_SETTINGS_PERMISSION },
    { screen: 'PanelDetails', label: msg`Panel details`, needs: PANEL_SETTINGS_PERMISSION },
    { screen: 'list', label: msg`All my panels`, needs: null },
  ],
  screens: {
    'Module/add': lazyScreen(() => import('./screens/ModuleAdd.tsx'), 'ModuleAdd'),
    'Module/list': lazyScreen(() => import('./screens/ModuleList.tsx'), 'ModuleList'),
    PanelDetails: lazyScreen(() => import('./screens/PanelDetails.tsx'), 'PanelDetails'),
    'People/Access': lazyScreen(() => import('./screens/PeopleAccess.tsx'), 'PeopleAccess'),
    Activity: lazyScreen(() => import('./screens/ActivityLog.tsx'), 'ActivityLog'),
    ChartFlow: lazyScreen(() => import('./screens/ChartFlow.tsx'), 'ChartFlow'),
    Icon: lazyScreen(() => import('./screens/Icon.tsx'), 'Icon'),
    'initial-elements': lazyScreen(() => import('./screens/InitialElements.tsx'), 'InitialElements'),
    list: lazyScreen(() => import('./screens/AllPanels.tsx'), 'AllPanels'),
    Role: lazyScreen(() => import('./screens/Roles.tsx'), 'Roles'),
    NumberSeries: lazyScreen(() => import('./screens/NumberSeries.tsx'), 'NumberSeries'),
  },
  catalogue: {
    fa: () => import('../locales/fa.po'),
    en: () => import('../locales/en.po'),
  },
});
