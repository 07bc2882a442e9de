/** What to call a seller (a member id): their agent's name, else their name as a member; `nobody` for sales without one. */
import type { LocalRow } from '@/moduleKit.ts';

export function sellerNames(
  agents: readonly LocalRow[],
  members: ReadonlyMap<string, string> | undefined,
  nobody: string,
): (memberId: unknown) => string {
  const byMember = new Map(agents.filter((a) => typeof a.memberId === 'string').map((a) => [a.memberId as string, String(a.name ?? '')]));
  return (memberId) => (typeof memberId === 'string' && memberId ? (byMember.get(memberId) ?? members?.get(memberId) ?? '…') : nobody);
}
