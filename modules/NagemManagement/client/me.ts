/** Which member of the panel is the signed-in person: the one whose username is theirs. */
import type { LocalRow } from '@/moduleKit.ts';

export function myMemberId(members: readonly LocalRow[], username: string | null): string | null {
  if (!username) return null;
  const found = members.find((m) => typeof m.userName === 'string' && m.userName.toLowerCase() === username.toLowerCase());
  return found?.id ?? null;
}

/** The agent row of a member, if there is one. */
export function agentOf(agents: readonly LocalRow[], memberId: string | null): LocalRow | null {
  return (memberId && agents.find((a) => a.memberId === memberId)) || null;
}
