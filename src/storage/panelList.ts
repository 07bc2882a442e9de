/**
 * The person's panels: fetched from the server, kept in the key-value store, and shown from there
 * (marked stale, with its age) when the server cannot be reached.
 */
import { useCallback, useEffect, useState } from 'react';
import { isApiError } from '../api/ApiError.ts';
import { listPanels } from '../api/panels.ts';
import type { PanelSummary } from '../contract/panels.ts';
import { readSession } from '../session/session.ts';
import { readValue, storageKeys, writeValue } from '../session/keyValue.ts';

interface SavedList {
  username: string;
  panels: PanelSummary[];
  savedAt: number;
}

function restore(raw: unknown): SavedList | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const saved = raw as Partial<SavedList>;
  return typeof saved.username === 'string' && Array.isArray(saved.panels) && typeof saved.savedAt === 'number'
    ? (saved as SavedList)
    : undefined;
}

export type PanelListState =
  | { status: 'loading' }
  | { status: 'ready'; panels: PanelSummary[]; stale: boolean; savedAt: number }
  | { status: 'error'; error: unknown };

export async function loadPanelList(): Promise<PanelListState> {
  const username = (readSession().username ?? '').toLowerCase();
  try {
    const panels = await listPanels();
    const savedAt = Date.now();
    await writeValue(storageKeys.panels, { username, panels, savedAt } satisfies SavedList);
    return { status: 'ready', panels, stale: false, savedAt };
  } catch (error) {
    const offline = isApiError(error) && (error.kind === 'network' || error.kind === 'timeout');
    const saved = offline ? await readValue(storageKeys.panels, restore) : undefined;
    if (saved && saved.username === username) return { status: 'ready', panels: saved.panels, stale: true, savedAt: saved.savedAt };
    return { status: 'error', error };
  }
}

export function usePanelList(): [PanelListState, () => void] {
  const [state, setState] = useState<PanelListState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    void loadPanelList().then((next) => live && setState(next));
    return () => {
      live = false;
    };
  }, [attempt]);
  const reload = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return [state, reload];
}
