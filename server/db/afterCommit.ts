/**
 * Work that must wait until a transaction has committed (decision 040: a push is sent once the
 * notification it announces is written for good, never inside the write's critical path). The
 * engines (pglite.ts, postgres.ts) open a list for each transaction and run it after COMMIT; a
 * rollback drops it. On a connection outside any transaction the work runs at once (next tick).
 */
import type { Queryable } from './Db.ts';

const pending = new WeakMap<Queryable, (() => void)[]>();

/** Runs `work` after `q`'s transaction commits (never when it rolls back). `work` must not throw. */
export function afterCommit(q: Queryable, work: () => void): void {
  const list = pending.get(q);
  if (list) list.push(work);
  else setImmediate(work);
}

/** For the engines: opens the list of a new transaction. */
export function openCommitList(tx: Queryable): void {
  pending.set(tx, []);
}

/** For the engines: runs the list once the transaction committed. */
export function runCommitList(tx: Queryable): void {
  const list = pending.get(tx);
  pending.delete(tx);
  for (const work of list ?? []) {
    try {
      work();
    } catch {
      // The work logs its own failures; one must not stop the others.
    }
  }
}
