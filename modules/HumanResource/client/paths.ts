/** Every attendance screen's path, written once; links are built from here. */
import { modulePath } from '@/contract/routes.ts';

const at = (screen: string) => modulePath('HumanResource', screen);

export const hr = {
  dashboard: at('dashboard'),
  report: at('Management/Attendance/Report/ReportIO'),
  addPersonnel: at('Management/Personnel/AddNewPersonnel'),
  personnelList: at('Management/Personnel/list/PersonnelList'),
  devices: at('Management/Workplace/Device/DeviceManagement'),
  kiosk: at('Management/Workplace/Device/Kiosk'),
  places: at('Management/Workplace/Place/PlaceManagement'),
  rules: at('Management/Workplace/Rules/RulesManagement'),
} as const;
