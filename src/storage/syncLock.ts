/**
 * One tab syncs a database at a time: a Web Lock named after the database, taken only if free (a
 * tab that finds it held skips this round; the holder is already syncing the same data). Without
 * Web Locks (old browsers, tests) the lock is held within this page only.
 */
export type SyncLock = <T>(name: string, work: () => Promise<T>) => Promise<{ ran: true; value: T } | { ran: false }>;

const heldHere = new Set<string>();

export const pageLock: SyncLock = async (name, work) => {
  if (heldHere.has(name)) return { ran: false };
  heldHere.add(name);
  try {
    return { ran: true, value: await work() };
  } finally {
    heldHere.delete(name);
  }
};

export const webLock: SyncLock = async (name, work) => {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return pageLock(name, work);
  return locks.request(name, { ifAvailable: true }, async (lock) => {
    if (!lock) return { ran: false as const };
    return { ran: true as const, value: await work() };
  });
};
