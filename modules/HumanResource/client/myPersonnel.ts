/**
 * Which personnel record is the signed-in person: the one linked to their member of this panel
 * (the member whose username is theirs). Someone who sees only their own personnel row (the
 * row scope) and cannot read members is known by the one linked row they see.
 */
import { Member } from '@/contract/access.ts';
import type { LocalRow } from '@/moduleKit.ts';

export function myPersonnel(
  personnel: readonly LocalRow[],
  members: readonly LocalRow[] | undefined,
  username: string | null,
  seesAll: boolean,
): LocalRow | null {
  const mine = new Set(
    (members ?? [])
      .filter((m) => typeof m.userName === 'string' && username && m.userName.toLowerCase() === username.toLowerCase())
      .map((m) => m.id),
  );
  const linked = personnel.filter((p) => !p.deleted && typeof p.memberId === 'string');
  return linked.find((p) => mine.has(String(p.memberId))) ?? (!seesAll && linked.length === 1 ? linked[0]! : null);
}

export { Member };
