/**
 * Rows someone else just changed (decision 039): the sync engine marks them after a pull, and
 * every list and table (CardList, TableView) gives them a brief highlight, in one place rather
 * than per screen. Keyed by the row's key in the table (an entity row's id).
 */
import { useSyncExternalStore } from 'react';

/** How long a changed row stays highlighted. */
export const RECENT_MS = 2_500;

const recent = new Map<string, number>();
const listeners = new Set<() => void>();
let version = 0;

function changed(): void {
  version += 1;
  for (const listener of listeners) listener();
}

/** Marks rows as just changed elsewhere; each loses its mark after RECENT_MS. */
export function markRecentRows(keys: readonly string[]): void {
  if (!keys.length) return;
  const until = Date.now() + RECENT_MS;
  for (const key of keys) recent.set(key, until);
  changed();
  setTimeout(() => {
    const now = Date.now();
    for (const [key, at] of recent) if (at <= now) recent.delete(key);
    changed();
  }, RECENT_MS);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether the row was just changed by someone else (re-renders when that changes). */
export function useRecentlyChanged(key: string): boolean {
  useSyncExternalStore(
    subscribe,
    () => version,
    () => version,
  );
  return recent.has(key);
}

/** The highlight's classes: a soft background that fades out. */
export const recentRowClass = 'bg-amber-50 transition-colors duration-700';
