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
    { screen: 'report', label: msg`In/out report`, needs: read(Punch) },
    { screen: 'personnelList', label: msg`Personnel`, needs: read(Personnel) },
    { screen: 'places', label: msg`Workplaces`, needs: read(Place) },
    { screen: 'rules', label: msg`Work rules`, needs: read(Rule) },
    { screen: 'devices', label: msg`Devices`, needs: read(Device) },
  ],
  screens: {
    dashboard: lazyScreen(() => import('./screens/Dashboard.tsx'), 'Dashboard'),
    report: lazyScreen(() => import('./screens/ReportIO.tsx'), 'ReportIO'),
    addPersonnel: lazyScreen(() => import('./screens/personnel.tsx'), 'AddNewPersonnel'),
    personnelList: lazyScreen(() => import('./screens/personnel.tsx'), 'PersonnelList'),
    devices: lazyScreen(() => import('./screens/workplace.tsx'), 'DeviceManagement'),
    kiosk: lazyScreen(() => import('./screens/Kiosk.tsx'), 'Kiosk'),
    places: lazyScreen(() => import('./screens/workplace.tsx'), 'PlaceManagement'),
    rules: lazyScreen(() => import('./screens/workplace.tsx'), 'RulesManagement'),
  },
  withoutSession: ['kiosk'],
  catalogue: {
    fa: () => import('../locales/fa.po'),
    en: () => import('../locales/en.po'),
  },
});
