/** What accounting's writes tell people (decisions 038, 047): a cheque marked bounced tells whoever may read cheques. */
import type { NotificationDeclaration } from '../../../server/moduleApi.ts';

export const notifications: readonly NotificationDeclaration[] = [
  {
    event: 'chequeBounced',
    entity: 'Cheque',
    when: (before, after) => after.status === 'bounced' && before?.status !== 'bounced',
    to: { permission: 'MarketAccounting.Cheque.read' },
    message: /*i18n*/ { id: 'acc.notify.chequeBounced', message: 'Cheque {serial} bounced' },
    values: (row) => ({ serial: String(row.serial ?? '') }),
    preference: { title: /*i18n*/ { id: 'acc.notify.chequeBounced.title', message: 'A cheque bounced' }, sms: true },
  },
];
