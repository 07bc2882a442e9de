/**
 * What screens show about sync, without knowing where it is kept: the changes waiting to be sent,
 * the problems, the last sync, and the person's three answers to a problem.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { SYNC_STATE_KEY, type SyncProblem } from './localRecords.ts';
import { usePanelData, type PanelData } from './panelData.ts';
import type { Row } from '../contract/entity.ts';
import { discardProblem, retryProblem, serverRowNow, takeServerVersion } from './syncProblems.ts';

export interface SyncCounts {
  pending: number;
  problems: number;
  lastSyncAt: string | null;
}

const none: SyncCounts = { pending: 0, problems: 0, lastSyncAt: null };

/** The counts of a panel's data (the current one's, for screens: pass `usePanelData()`). */
export function useSyncCounts(panel: PanelData | null): SyncCounts {
  return useLiveQuery(
    async () => {
      if (!panel) return none;
      const [pending, problems, state] = await Promise.all([
        panel.db.outbox.count(),
        panel.db.problems.count(),
        panel.db.syncState.get(SYNC_STATE_KEY),
      ]);
      return { pending, problems, lastSyncAt: state?.lastSyncAt ?? null };
    },
    [panel],
    none,
  );
}

/** Every rejected change of the current panel, newest first (undefined while loading). */
export function useSyncProblems(): SyncProblem[] | undefined {
  const panel = usePanelData();
  return useLiveQuery(async () => (panel ? (await panel.db.problems.toArray()).reverse() : []), [panel]);
}

/** The last rejected change of one row, if any (null when none; undefined while loading). */
export function useRowProblem(id: string | undefined): SyncProblem | null | undefined {
  const panel = usePanelData();
  return useLiveQuery(async () => (panel && id ? ((await panel.db.problems.where('id').equals(id).last()) ?? null) : null), [panel, id]);
}

/** The newest server row this device knows behind a problem (a tombstone once deleted; null when the server never had it; undefined while loading). */
export function useServerRowNow(problem: Pick<SyncProblem, 'entity' | 'id'>): Row | null | undefined {
  const panel = usePanelData();
  return useLiveQuery(async () => {
    const entity = panel?.db.entityOf(problem.entity);
    return panel && entity ? serverRowNow(panel.db, entity, problem.id) : null;
  }, [panel, problem.entity, problem.id]);
}

export type ProblemAnswer = 'retry' | 'takeServer' | 'discard';

const answers = { retry: retryProblem, takeServer: takeServerVersion, discard: discardProblem };

/** Settles a problem of the current panel the way the person chose. */
export async function settleProblem(panel: PanelData, mutationId: number, answer: ProblemAnswer): Promise<void> {
  await answers[answer](panel.db, mutationId);
}
