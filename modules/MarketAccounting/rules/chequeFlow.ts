/**
 * A cheque's life (market-accounting.md): received cheques go in hand → deposited → cleared, or
 * bounced, or are returned; issued ones are in hand (not yet presented) until cleared, bounced or
 * returned. Where the cheque's amount sits in each status decides the posting of each change:
 * received, it moves from the old place's debit to the new one's; issued, the other way.
 */
import type { AccountRole } from '../entities/books.ts';
import type { ChequeStatus } from '../entities/documents.ts';

export type ChequeDirection = 'received' | 'issued';

const next: Record<ChequeDirection, Partial<Record<ChequeStatus, readonly ChequeStatus[]>>> = {
  received: { inHand: ['deposited', 'returned'], deposited: ['cleared', 'bounced'] },
  issued: { inHand: ['cleared', 'bounced', 'returned'] },
};

/** The statuses a cheque may go to from `status`. */
export function nextStatuses(direction: ChequeDirection, status: ChequeStatus): readonly ChequeStatus[] {
  return next[direction][status] ?? [];
}

/** Where the amount sits: an account role, with the party (their running account) or our bank account. */
export interface Holding {
  role: AccountRole;
  party?: true;
  bank?: true;
}

export function holding(direction: ChequeDirection, status: ChequeStatus): Holding {
  if (direction === 'received') {
    if (status === 'inHand') return { role: 'chequesInHand' };
    if (status === 'deposited') return { role: 'chequesInCollection' };
    if (status === 'cleared') return { role: 'bank', bank: true };
    return { role: 'receivable', party: true };
  }
  if (status === 'inHand') return { role: 'chequesPayable' };
  if (status === 'cleared') return { role: 'bank', bank: true };
  return { role: 'payable', party: true };
}
