/** What support tells people (decision 038): a request assigned to a supporter tells them. */
import type { NotificationDeclaration } from '../../../server/moduleApi.ts';

export const notifications: readonly NotificationDeclaration[] = [
  {
    event: 'requestAssigned',
    entity: 'Request',
    when: (before, after) => typeof after.supporterId === 'string' && after.supporterId !== before?.supporterId,
    to: { field: 'supporterId' },
    message: /*i18n*/ { id: 'nm.notify.requestAssigned', message: 'Support request “{subject}” was assigned to you' },
    preference: { title: /*i18n*/ { id: 'nm.notify.requestAssigned.title', message: 'A support request is assigned to me' } },
    values: (row) => ({ subject: String(row.subject ?? '') }),
  },
];
