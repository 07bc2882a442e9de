/**
 * Attendance's master data (hr-attendance.md): workplaces with their fence, work rules, the
 * personnel with their places and attendance policy, and the devices people clock in on.
 */
import { defineEntity } from '../../../src/contract/entity.ts';
import { SERVER_ONLY } from '../../../src/contract/fields.ts';

/** Personnel's grant of policy: who a row is, where, how and by which rule they may clock in (docs/decisions/019-separation-of-duties.md). */
export const MANAGE_GRANT = 'manage';
const policy = { grant: MANAGE_GRANT } as const;

export const Place = defineEntity({
  module: 'HumanResource',
  name: 'Place',
  label: /*i18n*/ { id: 'entity.HumanResource.Place', message: 'Workplace' },
  pluralLabel: /*i18n*/ { id: 'entity.HumanResource.Place.plural', message: 'Workplaces' },
  fields: {
    name: { kind: 'text', label: /*i18n*/ { id: 'field.Place.name', message: 'Name' }, required: true, unique: true, max: 80 },
    address: { kind: 'longText', label: /*i18n*/ { id: 'field.Place.address', message: 'Address' }, max: 500 },
    latitude: {
      kind: 'text',
      label: /*i18n*/ { id: 'field.Place.latitude', message: 'Latitude of the centre' },
      hint: /*i18n*/ { id: 'field.Place.latitude.hint', message: 'Decimal degrees, e.g. 35.6997' },
      required: true,
      max: 12,
    },
    longitude: {
      kind: 'text',
      label: /*i18n*/ { id: 'field.Place.longitude', message: 'Longitude of the centre' },
      hint: /*i18n*/ { id: 'field.Place.longitude.hint', message: 'Decimal degrees, e.g. 51.3380' },
      required: true,
      max: 12,
    },
    radius: {
      kind: 'integer',
      label: /*i18n*/ { id: 'field.Place.radius', message: 'Radius (metres)' },
      hint: /*i18n*/ { id: 'field.Place.radius.hint', message: 'Clocking in from a phone is accepted within this distance of the centre.' },
      required: true,
      min: 10,
      max: 5000,
    },
  },
  importable: { keys: ['name'], example: { name: 'دفتر مرکزی', address: 'تهران، خیابان آزادی', radius: '۱۰۰' } },
  titleField: 'name',
  listFields: ['name', 'latitude', 'longitude', 'radius'],
  searchFields: ['name', 'address'],
  indexes: ['name'],
  defaultSort: { field: 'name', direction: 'asc' },
  staff: ['read'],
});

export const weekDays = [
  { value: 'sat', label: /*i18n*/ { id: 'day.sat', message: 'Saturday' } },
  { value: 'sun', label: /*i18n*/ { id: 'day.sun', message: 'Sunday' } },
  { value: 'mon', label: /*i18n*/ { id: 'day.mon', message: 'Monday' } },
  { value: 'tue', label: /*i18n*/ { id: 'day.tue', message: 'Tuesday' } },
  { value: 'wed', label: /*i18n*/ { id: 'day.wed', message: 'Wednesday' } },
  { value: 'thu', label: /*i18n*/ { id: 'day.thu', message: 'Thursday' } },
  { value: 'fri', label: /*i18n*/ { id: 'day.fri', message: 'Friday' } },
] as const;

export const Rule = defineEntity({
  module: 'HumanResource',
  name: 'Rule',
  label: /*i18n*/ { id: 'entity.HumanResource.Rule', message: 'Work rule' },
  pluralLabel: /*i18n*/ { id: 'entity.HumanResource.Rule.plural', message: 'Work rules' },
  fields: {
    name: { kind: 'text', label: /*i18n*/ { id: 'field.Rule.name', message: 'Name' }, required: true, unique: true, max: 80 },
    workDays: {
      kind: 'stringList',
      label: /*i18n*/ { id: 'field.Rule.workDays', message: 'Work days' },
      options: weekDays,
      required: true,
    },
    shiftStart: {
      kind: 'text',
      label: /*i18n*/ { id: 'field.Rule.shiftStart', message: 'Shift starts' },
      hint: /*i18n*/ { id: 'field.Rule.shiftStart.hint', message: '24-hour time, e.g. 08:00' },
      required: true,
      max: 5,
    },
    shiftEnd: {
      kind: 'text',
      label: /*i18n*/ { id: 'field.Rule.shiftEnd', message: 'Shift ends' },
      hint: /*i18n*/ { id: 'field.Rule.shiftEnd.hint', message: 'Earlier than the start for a shift that crosses midnight, e.g. 06:00' },
      required: true,
      max: 5,
    },
    graceMinutes: {
      kind: 'integer',
      label: /*i18n*/ { id: 'field.Rule.graceMinutes', message: 'Grace for late arrival and early leave (minutes)' },
      min: 0,
      max: 240,
    },
    breakMinutes: { kind: 'integer', label: /*i18n*/ { id: 'field.Rule.breakMinutes', message: 'Break (minutes)' }, min: 0, max: 480 },
    countsOvertime: { kind: 'boolean', label: /*i18n*/ { id: 'field.Rule.countsOvertime', message: 'Overtime is counted' } },
    overtimeAfterMinutes: {
      kind: 'integer',
      label: /*i18n*/ { id: 'field.Rule.overtimeAfterMinutes', message: 'Overtime counts after (minutes past the shift end)' },
      min: 0,
      max: 480,
    },
    fenceRequired: {
      kind: 'boolean',
      label: /*i18n*/ { id: 'field.Rule.fenceRequired', message: 'Geofence required' },
      hint: /*i18n*/ {
        id: 'field.Rule.fenceRequired.hint',
        message: 'Phones must be inside a workplace, even for people allowed to clock in anywhere.',
      },
    },
    worstAccuracy: {
      kind: 'integer',
      label: /*i18n*/ { id: 'field.Rule.worstAccuracy', message: 'Worst GPS accuracy accepted (metres)' },
      min: 5,
      max: 5000,
    },
    maxOfflineHours: {
      kind: 'integer',
      label: /*i18n*/ { id: 'field.Rule.maxOfflineHours', message: 'Oldest offline punch accepted (hours)' },
      min: 1,
      max: 720,
    },
  },
  titleField: 'name',
  listFields: ['name', 'workDays', 'shiftStart', 'shiftEnd', 'graceMinutes'],
  searchFields: ['name'],
  indexes: ['name'],
  defaultSort: { field: 'name', direction: 'asc' },
  staff: ['read'],
});

export const attendanceMethods = [
  { value: 'phoneFence', label: /*i18n*/ { id: 'method.phoneFence', message: 'Own phone inside a workplace' } },
  { value: 'phoneAnywhere', label: /*i18n*/ { id: 'method.phoneAnywhere', message: 'Own phone anywhere' } },
  { value: 'kiosk', label: /*i18n*/ { id: 'method.kiosk', message: 'Kiosk tablet' } },
  { value: 'reader', label: /*i18n*/ { id: 'method.reader', message: 'Fingerprint reader' } },
] as const;

export const Personnel = defineEntity({
  module: 'HumanResource',
  name: 'Personnel',
  label: /*i18n*/ { id: 'entity.HumanResource.Personnel', message: 'Employee' },
  pluralLabel: /*i18n*/ { id: 'entity.HumanResource.Personnel.plural', message: 'Personnel' },
  fields: {
    firstName: { kind: 'text', label: /*i18n*/ { id: 'field.Personnel.firstName', message: 'First name' }, required: true, max: 60 },
    lastName: { kind: 'text', label: /*i18n*/ { id: 'field.Personnel.lastName', message: 'Last name' }, required: true, max: 60 },
    /** The first and last name joined, kept so by the server (rules/personName.ts): what every screen, report and the kiosk read. */
    name: {
      kind: 'text',
      label: /*i18n*/ { id: 'field.Personnel.name', message: 'Full name' },
      hint: /*i18n*/ { id: 'field.Personnel.name.hint', message: 'Made from the first and last name.' },
      max: 121,
    },
    code: {
      kind: 'text',
      label: /*i18n*/ { id: 'field.Personnel.code', message: 'Personnel code' },
      required: true,
      unique: true,
      max: 20,
    },
    nationalId: { kind: 'nationalId', label: /*i18n*/ { id: 'field.Personnel.nationalId', message: 'National ID' } },
    mobile: { kind: 'mobile', label: /*i18n*/ { id: 'field.Personnel.mobile', message: 'Mobile' } },
    jobTitle: { kind: 'text', label: /*i18n*/ { id: 'field.Personnel.jobTitle', message: 'Job title' }, max: 80 },
    hireDate: { kind: 'date', label: /*i18n*/ { id: 'field.Personnel.hireDate', message: 'Hire date' } },
    memberId: {
      kind: 'reference',
      guard: policy,
      to: 'PanelManagement/Member',
      label: /*i18n*/ { id: 'field.Personnel.memberId', message: 'Panel member' },
      hint: /*i18n*/ {
        id: 'field.Personnel.memberId.hint',
        message: 'The member of this panel who is this person; lets them clock in from their own phone.',
      },
    },
    placeIds: {
      kind: 'stringList',
      guard: policy,
      label: /*i18n*/ { id: 'field.Personnel.placeIds', message: 'Workplaces' },
      hint: /*i18n*/ { id: 'field.Personnel.placeIds.hint', message: 'The places this person may clock in at.' },
    },
    ruleId: {
      kind: 'reference',
      guard: policy,
      to: 'HumanResource/Rule',
      label: /*i18n*/ { id: 'field.Personnel.ruleId', message: 'Work rule' },
    },
    methods: {
      kind: 'stringList',
      guard: policy,
      label: /*i18n*/ { id: 'field.Personnel.methods', message: 'May clock in with' },
      options: attendanceMethods,
      required: true,
    },
    offlineAccepted: {
      kind: 'boolean',
      guard: policy,
      label: /*i18n*/ { id: 'field.Personnel.offlineAccepted', message: 'Offline clock-in accepted' },
      hint: /*i18n*/ {
        id: 'field.Personnel.offlineAccepted.hint',
        message: 'Otherwise a punch that reaches the server late is flagged for review.',
      },
    },
    active: { kind: 'boolean', guard: policy, label: /*i18n*/ { id: 'field.Personnel.active', message: 'Active' } },
    leftOn: { kind: 'date', guard: policy, label: /*i18n*/ { id: 'field.Personnel.leftOn', message: 'Left on' } },
    // Set only by "Set kiosk PIN" and "Print badge" (rules/kioskSecret.ts), never typed in a form;
    // they never leave the server, which checks a kiosk punch's PIN or badge when it arrives (decision 021).
    pinHash: {
      kind: 'text',
      label: /*i18n*/ { id: 'field.Personnel.pinHash', message: 'Kiosk PIN' },
      internal: true,
      readableBy: SERVER_ONLY,
      max: 200,
    },
    badgeHash: {
      kind: 'text',
      label: /*i18n*/ { id: 'field.Personnel.badgeHash', message: 'Badge' },
      internal: true,
      readableBy: SERVER_ONLY,
      max: 64,
    },
  },
  importable: {
    keys: ['code', 'nationalId', 'mobile'],
    example: {
      firstName: 'مریم',
      lastName: 'احمدی',
      code: '۱۰۱',
      nationalId: '0012345679',
      mobile: '۰۹۱۲۱۲۳۴۵۶۷',
      jobTitle: 'حسابدار',
      hireDate: '۱۴۰۳/۰۷/۰۱',
    },
  },
  titleField: 'name',
  listFields: ['name', 'code', 'jobTitle', 'ruleId', 'methods', 'active'],
  searchFields: ['name', 'code', 'mobile', 'nationalId', 'jobTitle'],
  indexes: ['name', 'code'],
  defaultSort: { field: 'name', direction: 'asc' },
  scope: { field: 'memberId' },
  person: 'memberId',
  grants: {
    [MANAGE_GRANT]: /*i18n*/ {
      id: 'grant.Personnel.manage',
      message: 'Set attendance policy: who a person is, their workplaces, rule and ways to clock in (never on their own row)',
    },
  },
  staff: ['read'],
});

export const Device = defineEntity({
  module: 'HumanResource',
  name: 'Device',
  label: /*i18n*/ { id: 'entity.HumanResource.Device', message: 'Device' },
  pluralLabel: /*i18n*/ { id: 'entity.HumanResource.Device.plural', message: 'Devices' },
  fields: {
    name: { kind: 'text', label: /*i18n*/ { id: 'field.Device.name', message: 'Name' }, required: true, max: 80 },
    kind: {
      kind: 'select',
      label: /*i18n*/ { id: 'field.Device.kind', message: 'Kind' },
      required: true,
      options: [
        { value: 'kiosk', label: /*i18n*/ { id: 'device.kiosk', message: 'Kiosk tablet' } },
        { value: 'reader', label: /*i18n*/ { id: 'device.reader', message: 'Fingerprint reader' } },
      ],
    },
    placeId: {
      kind: 'reference',
      to: 'HumanResource/Place',
      label: /*i18n*/ { id: 'field.Device.placeId', message: 'Workplace' },
      required: true,
    },
    serial: { kind: 'text', label: /*i18n*/ { id: 'field.Device.serial', message: 'Serial number' }, unique: true, max: 60 },
    active: {
      kind: 'boolean',
      label: /*i18n*/ { id: 'field.Device.active', message: 'Active' },
      hint: /*i18n*/ { id: 'field.Device.active.hint', message: 'Clear it to block the device: the server then refuses its punches.' },
    },
    lastSeenAt: { kind: 'dateTime', label: /*i18n*/ { id: 'field.Device.lastSeenAt', message: 'Last seen' }, readOnly: true },
    // When a manager enrolled the tablet as this kiosk, and who: its device credential names the
    // same instant, so enrolling again or leaving kiosk mode revokes the one before (decision 021).
    enrolledAt: { kind: 'dateTime', label: /*i18n*/ { id: 'field.Device.enrolledAt', message: 'Enrolled as a kiosk' }, readOnly: true },
    enrolledBy: {
      kind: 'text',
      label: /*i18n*/ { id: 'field.Device.enrolledBy', message: 'Enrolled by' },
      readOnly: true,
      internal: true,
      readableBy: SERVER_ONLY,
      max: 36,
    },
  },
  titleField: 'name',
  listFields: ['name', 'kind', 'placeId', 'serial', 'active', 'lastSeenAt'],
  searchFields: ['name', 'serial'],
  indexes: ['name'],
  defaultSort: { field: 'name', direction: 'asc' },
});
