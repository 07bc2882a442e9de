/** What accounting's rows remind people of (decision 038): a cheque still in hand or deposited that is due tomorrow. */
import type { ReminderDeclaration } from '../../../server/moduleApi.ts';

export const reminders: readonly ReminderDeclaration[] = [
  {
    event: 'chequeDue',
    entity: 'Cheque',
    due: (params, day) => {
      params.push(day.tomorrow);
      return `due_date = $${params.length}::date AND status IN ('inHand', 'deposited') AND NOT coalesce(voided, false)`;
    },
    onceBy: (row) => String(row.dueDate),
    to: { permission: 'MarketAccounting.Cheque.read' },
    message: /*i18n*/ { id: 'acc.notify.chequeDue', message: 'Cheque {serial} is due tomorrow' },
    preference: { title: /*i18n*/ { id: 'acc.notify.chequeDue.title', message: 'A cheque is due tomorrow' }, sms: true },
    values: (row) => ({ serial: String(row.serial ?? '') }),
  },
];
