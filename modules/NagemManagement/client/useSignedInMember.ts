/** The signed-in person's member id in this panel, when their role lets them read members (null for the owner too). */
import { Member } from '@/contract/access.ts';
import { readSession } from '@/moduleKit.ts';
import { myMemberId } from './me.ts';
import { useRows } from './useRows.ts';

export function useSignedInMember(): string | null {
  const rows = useRows([Member]);
  return rows ? myMemberId(rows[0]!, readSession().username) : null;
}
