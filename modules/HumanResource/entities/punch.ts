/**
 * A punch (hr-attendance.md): one clock-in or clock-out, append-only. The device sends who, when
 * (its clock corrected by the server's offset), which way and where; the server works out the
 * place, the distance and the flags on arrival and never takes them from the device. Afterwards
 * only a manager's review changes it: accepted or void, with a note.
 */
import { defineEntity } from '../../../src/contract/entity.ts';

export const punchFlags = [
  { value: 'outside', label: /*i18n*/ { id: 'flag.outside', message: 'Outside every workplace' } },
  { value: 'poorAccuracy', label: /*i18n*/ { id: 'flag.poorAccuracy', message: 'Poor GPS accuracy' } },
  { value: 'tooOld', label: /*i18n*/ { id: 'flag.tooOld', message: 'Reached the server too late' } },
  { value: 'outOfOrder', label: /*i18n*/ { id: 'flag.outOfOrder', message: 'Out of order' } },
  { value: 'future', label: /*i18n*/ { id: 'flag.future', message: 'Time ahead of the server' } },
  { value: 'offline', label: /*i18n*/ { id: 'flag.offline', message: 'Offline, not allowed for this person' } },
  { value: 'method', label: /*i18n*/ { id: 'flag.method', message: 'Method not allowed for this person' } },
  { value: 'unverified', label: /*i18n*/ { id: 'flag.unverified', message: 'Not proven: wrong PIN or badge' } },
] as const;

export const punchSources = [
  { value: 'phone', label: /*i18n*/ { id: 'source.phone', message: 'Phone' } },
  { value: 'kiosk', label: /*i18n*/ { id: 'source.kiosk', message: 'Kiosk' } },
  { value: 'reader', label: /*i18n*/ { id: 'source.reader', message: 'Reader' } },
  { value: 'manual', label: /*i18n*/ { id: 'source.manual', message: 'Manual' } },
] as const;

/** Punch's grant of review: accept or void a punch, write a manual or reader punch (never one's own; decision 019). */
export const REVIEW_GRANT = 'review';
const review = { grant: REVIEW_GRANT } as const;

export type PunchFlag = (typeof punchFlags)[number]['value'];

export const Punch = defineEntity({
  module: 'HumanResource',
  name: 'Punch',
  label: /*i18n*/ { id: 'entity.HumanResource.Punch', message: 'Punch' },
  pluralLabel: /*i18n*/ { id: 'entity.HumanResource.Punch.plural', message: 'Punches' },
  fields: {
    personnelId: {
      kind: 'reference',
      to: 'HumanResource/Personnel',
      label: /*i18n*/ { id: 'field.Punch.personnelId', message: 'Staff member' },
      required: true,
    },
    memberId: {
      kind: 'reference',
      to: 'PanelManagement/Member',
      label: /*i18n*/ { id: 'field.Punch.memberId', message: 'Panel member' },
      internal: true,
    },
    at: { kind: 'dateTime', label: /*i18n*/ { id: 'field.Punch.at', message: 'Time' }, required: true },
    deviceAt: { kind: 'dateTime', label: /*i18n*/ { id: 'field.Punch.deviceAt', message: 'Device clock' } },
    direction: {
      kind: 'select',
      label: /*i18n*/ { id: 'field.Punch.direction', message: 'In or out' },
      required: true,
      options: [
        { value: 'in', label: /*i18n*/ { id: 'punch.in', message: 'In' } },
        { value: 'out', label: /*i18n*/ { id: 'punch.out', message: 'Out' } },
      ],
    },
    latitude: { kind: 'text', label: /*i18n*/ { id: 'field.Punch.latitude', message: 'Latitude' }, max: 12 },
    longitude: { kind: 'text', label: /*i18n*/ { id: 'field.Punch.longitude', message: 'Longitude' }, max: 12 },
    accuracy: { kind: 'integer', label: /*i18n*/ { id: 'field.Punch.accuracy', message: 'Accuracy (metres)' }, min: 0 },
    source: {
      kind: 'select',
      label: /*i18n*/ { id: 'field.Punch.source', message: 'Source' },
      required: true,
      options: punchSources,
      guard: { ...review, values: ['manual', 'reader'] },
    },
    // Written by the kiosk or the reader import that made the punch; punches are never edited (punchHooks).
    deviceId: { kind: 'reference', to: 'HumanResource/Device', label: /*i18n*/ { id: 'field.Punch.deviceId', message: 'Device' } },
    placeId: {
      kind: 'reference',
      to: 'HumanResource/Place',
      label: /*i18n*/ { id: 'field.Punch.placeId', message: 'Workplace' },
      readOnly: true,
    },
    distance: { kind: 'integer', label: /*i18n*/ { id: 'field.Punch.distance', message: 'Distance (metres)' }, readOnly: true },
    flags: { kind: 'stringList', label: /*i18n*/ { id: 'field.Punch.flags', message: 'Flags' }, options: punchFlags, readOnly: true },
    status: {
      kind: 'select',
      label: /*i18n*/ { id: 'field.Punch.status', message: 'Status' },
      guard: review,
      options: [
        { value: 'accepted', label: /*i18n*/ { id: 'punchStatus.accepted', message: 'Accepted' } },
        { value: 'flagged', label: /*i18n*/ { id: 'punchStatus.flagged', message: 'To review' } },
        { value: 'void', label: /*i18n*/ { id: 'punchStatus.void', message: 'Void' } },
      ],
    },
    receivedAt: { kind: 'dateTime', label: /*i18n*/ { id: 'field.Punch.receivedAt', message: 'Reached the server' }, readOnly: true },
    note: { kind: 'longText', label: /*i18n*/ { id: 'field.Punch.note', message: 'Note' }, max: 500 },
  },
  titleField: 'at',
  listFields: ['at', 'personnelId', 'direction', 'placeId', 'source', 'status', 'flags'],
  searchFields: ['note'],
  indexes: ['at', 'personnelId', 'status'],
  // One person's punches of a period, read alone: the report draws the people on screen first.
  deviceIndexes: [['personnelId', 'at']],
  defaultSort: { field: 'at', direction: 'desc' },
  appendOnly: { reviewable: ['status', 'note'] },
  scope: { field: 'memberId' },
  person: 'memberId',
  grants: {
    [REVIEW_GRANT]: /*i18n*/ {
      id: 'grant.Punch.review',
      message: 'Review punches: accept or void them, and add manual ones (never their own)',
    },
  },
  staff: ['read', 'create'],
  window: { field: 'at', months: 3 },
});
