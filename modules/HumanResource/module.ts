/**
 * Human resources and attendance (hr-attendance.md): personnel with several workplaces and a
 * per-person attendance policy, places with a fence, work rules, devices, append-only punches
 * from the phone (geofenced, offline too) and from kiosk tablets, and the in/out report of a Jalali month.
 */
import { defineModule } from '../../src/contract/module.ts';
import { Device, Personnel, Place, Rule } from './entities/masterData.ts';
import { Punch } from './entities/punch.ts';

export default defineModule({
  key: 'HumanResource',
  order: 30,
  entities: [Place, Rule, Personnel, Device, Punch],
  routes: {
    dashboard: 'dashboard',
    report: 'Management/Attendance/Report/ReportIO',
    addPersonnel: 'Management/Personnel/AddNewPersonnel',
    personnelList: 'Management/Personnel/list/PersonnelList',
    devices: 'Management/Workplace/Device/DeviceManagement',
    // Not in the spec's list: the full-screen page of a kiosk tablet (the spec's kiosk mode).
    kiosk: 'Management/Workplace/Device/Kiosk',
    places: 'Management/Workplace/Place/PlaceManagement',
    rules: 'Management/Workplace/Rules/RulesManagement',
  },
});
