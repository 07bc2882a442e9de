/**
 * What attendance's rows remind people of (decision 040): a punch flagged for review (outside the
 * fence, off the device's clock…) is reminded of once to everyone who may review punches — the
 * owner and each role holding Punch's review grant — but never to the person who punched: nobody
 * reviews their own punch (decision 019).
 */
import type { ReminderDeclaration } from '../../../server/moduleApi.ts';
import { permission } from '../../../src/contract/entity.ts';
import { Punch, REVIEW_GRANT } from '../entities/punch.ts';

export const reminders: readonly ReminderDeclaration[] = [
  {
    event: 'punchToReview',
    entity: 'Punch',
    due: () => `status = 'flagged'`,
    // Once per punch: it stays flagged until someone reviews it, and is not asked about again.
    onceBy: () => 'flagged',
    to: { permission: permission(Punch, REVIEW_GRANT) },
    except: { field: 'memberId' },
    message: /*i18n*/ { id: 'hr.notify.punchToReview', message: 'A punch is waiting for your review' },
    preference: { title: /*i18n*/ { id: 'hr.notify.punchToReview.title', message: 'A punch waits for my review' } },
  },
];
