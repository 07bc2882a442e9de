/**
 * Support's timing rules, shared by the server (which stamps the due time) and the screens (which
 * show what is overdue): the hours a request of each priority may wait, and what "overdue" means.
 */
import type { Priority } from '../entities/support.ts';

const HOUR = 3_600_000;

export const hoursToAnswer: Record<Priority, number> = { urgent: 4, high: 24, normal: 72, low: 168 };

export function dueAt(openedAt: Date, priority: unknown): string {
  const hours = hoursToAnswer[(priority as Priority) in hoursToAnswer ? (priority as Priority) : 'normal'];
  return new Date(openedAt.getTime() + hours * HOUR).toISOString();
}

/** Still waiting on the panel (not resolved or closed). */
export function isOpenStatus(status: unknown): boolean {
  return status === 'open' || status === 'inProgress' || status === 'waiting';
}

export function isOverdue(row: Readonly<Record<string, unknown>>, now: number): boolean {
  return isOpenStatus(row.status) && typeof row.dueAt === 'string' && Date.parse(row.dueAt) < now;
}
