/** Each supporter's load: open requests, overdue ones, and the average hours from opening to resolving. */
import { isOpenStatus, isOverdue } from './support.ts';

type R = Readonly<Record<string, unknown>> & { id: string };

export interface SupporterLoad {
  /** The member, or '' for the unassigned queue. */
  supporterId: string;
  open: number;
  overdue: number;
  resolved: number;
  /** Average whole hours to resolve; null with none resolved. */
  avgHours: number | null;
}

export function supporterLoads(requests: readonly R[], now: number): SupporterLoad[] {
  const by = new Map<string, SupporterLoad & { ms: number }>();
  for (const r of requests) {
    const key = typeof r.supporterId === 'string' ? r.supporterId : '';
    let load = by.get(key);
    if (!load) by.set(key, (load = { supporterId: key, open: 0, overdue: 0, resolved: 0, avgHours: null, ms: 0 }));
    if (isOpenStatus(r.status)) load.open++;
    if (isOverdue(r, now)) load.overdue++;
    if (typeof r.resolvedAt === 'string' && typeof r.openedAt === 'string') {
      load.resolved++;
      load.ms += Math.max(0, Date.parse(r.resolvedAt) - Date.parse(r.openedAt));
    }
  }
  return [...by.values()]
    .map(({ ms, ...load }) => ({ ...load, avgHours: load.resolved ? Math.round(ms / load.resolved / 3_600_000) : null }))
    .sort((a, b) => b.open - a.open || a.supporterId.localeCompare(b.supporterId));
}

export interface RequestFilter {
  status?: string;
  priority?: string;
  /** A member id, '' for unassigned, undefined for anyone. */
  supporter?: string;
  /** Mine and the unassigned queue. */
  queueOf?: string | null;
  overdue?: boolean;
}

export function filterRequests<T extends R>(requests: readonly T[], filter: RequestFilter, now: number): T[] {
  return requests
    .filter(
      (r) =>
        (!filter.status || (filter.status === 'active' ? isOpenStatus(r.status) : r.status === filter.status)) &&
        (!filter.priority || r.priority === filter.priority) &&
        (filter.supporter === undefined || (r.supporterId ?? '') === filter.supporter) &&
        (filter.queueOf === undefined || filter.queueOf === null || !r.supporterId || r.supporterId === filter.queueOf) &&
        (!filter.overdue || isOverdue(r, now)),
    )
    .sort((a, b) => String(a.dueAt ?? '').localeCompare(String(b.dueAt ?? '')) || a.id.localeCompare(b.id));
}
