/**
 * Attendance's client part: its navigation (each place shown to those whose role opens it) and a
 * screen for each route of the spec.
 */
import { msg } from '@lingui/core/macro';
import { permission } from '@/contract/entity.ts';
import { defineClientModule, lazyScreen } from '@/moduleKit.ts';
import { Device, Personnel, Place, Rule } from '../entities/masterData.ts';
import { Punch } from '../entities/punch.ts';
import module from '../module.ts';

const read = (e: Parameters<typeof permission>[0]) => permission(e, 'read');

export default defineClientModule({
  module,
  name: msg`Attendance`,
  description: msg`Personnel, workplaces and work rules, geofenced clock-in from phones (offline too), and the monthly in/out report.`,
  icon: 'clock',
  nav: [
    { screen: 'dashboard', label: msg`Dashboard`, needs: read(Personnel) },
    { screen: 'Management/Attendance/Report/ReportIO', label: msg`In/out report`, needs: read(Punch) },
    { screen: 'Management/Personnel/list/PersonnelList', label: msg`Personnel`, needs: read(Personnel) },
    { screen: 'Management/Workplace/Place/PlaceManagement', label: msg`Workplaces`, needs: read(Place) },
    { screen: 'Management/Workplace/Rules/RulesManagement', label: msg`Work rules`, needs: read(Rule) },
    { screen: 'Management/Workplace/Device/DeviceManagement', label: msg`Devices`, needs: read(Device) },
  ],
  screens: {
    dashboard: lazyScreen(() => import('./screens/Dashboard.tsx'), 'Dashboard'),
    'Management/Attendance/Report/ReportIO': lazyScreen(() => import('./screens/ReportIO.tsx'), 'ReportIO'),
    'Management/Personnel/AddNewPersonnel': lazyScreen(() => import('./screens/personnel.tsx'), 'AddNewPersonnel'),
    'Management/Personnel/list/PersonnelList': lazyScreen(() => import('./screens/personnel.tsx'), 'PersonnelList'),
    'Management/Workplace/Device/DeviceManagement': lazyScreen(() => import('./screens/workplace.tsx'), 'DeviceManagement'),
    'Management/Workplace/Device/Kiosk': lazyScreen(() => import('./screens/Kiosk.tsx'), 'Kiosk'),
    'Management/Workplace/Place/PlaceManagement': lazyScreen(() => import('./screens/workplace.tsx'), 'PlaceManagement'),
    'Management/Workplace/Rules/RulesManagement': lazyScreen(() => import('./screens/workplace.tsx'), 'RulesManagement'),
  },
  withoutSession: ['Management/Workplace/Device/Kiosk'],
  catalogue: {
    fa: () => import('../locales/fa.po'),
    en: () => import('../locales/en.po'),
  },
});
