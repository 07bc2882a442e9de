/** Who the signed-in seller is: their member (by username), or, for someone who sees only their own sales, the seller of those. */
import { type LocalRow, readSession } from '@/moduleKit.ts';
import { myMemberId } from './me.ts';

export function signedInSeller(members: readonly LocalRow[], sales: readonly LocalRow[], seesAll: boolean): string | null {
  const mine = myMemberId(members, readSession().username);
  if (mine) return mine;
  if (seesAll) return null;
  const seller = sales.find((s) => typeof s.agentMemberId === 'string')?.agentMemberId;
  return typeof seller === 'string' ? seller : null;
}
