/**
 * Panel management: the screens of the panel's people, roles and access, its modules, icons and
 * details, the audit log and the first-run setup. The access model it manages (roles, members,
 * audit) is the platform's (src/contract/access.ts); this module is always on, for it is where
 * modules are enabled. Its number series give the panel's documents their prefixes.
 */
import { defineModule } from '../../src/contract/module.ts';

export default defineModule({
  key: 'PanelManagement',
  order: 0,
  alwaysOn: true,
  entities: [],
  routes: {
    addModule: 'Module/add',
    modules: 'Module/list',
    details: 'PanelDetails',
    people: 'People/Access',
    activity: 'Activity',
    chart: 'ChartFlow',
    icons: 'Icon',
    initialElements: 'initial-elements',
    allPanels: 'list',
    roles: 'Role',
    numberSeries: 'NumberSeries',
  },
});
