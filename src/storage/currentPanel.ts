/**
 * The panel everything happens in (the panelCode cookie) as the server describes it: details,
 * enabled modules and the person's access. Fetched once per user and panel, kept in the key-value
 * store, and shown from there (marked stale) when the network is gone. While the server is asked,
 * the saved copy is shown at once (marked `checking`): a reload on one bar of signal opens the
 * screen from the device instead of waiting for that answer (up to its timeout and retries).
 */
import { useEffect, useSyncExternalStore } from 'react';
import { isApiError } from '../api/ApiError.ts';
import { getCurrentPanel } from '../api/panels.ts';
import type { CurrentPanel, CurrentPanelPeople } from '../contract/panels.ts';
import { readSession, type Session } from '../session/session.ts';
import { useSession } from '../session/useSession.ts';
import { readValue, storageKeys, writeValue } from '../session/keyValue.ts';

/** The current panel with, when the server sent them, its owner and the person's role. */
export type PanelInUse = CurrentPanel & Partial<CurrentPanelPeople>;

export type CurrentPanelState =
  | { status: 'none' }
  | { status: 'loading' }
  /**
   * `stale`: the saved copy, because the server could not be reached. `checking`: the saved copy,
   * shown while the server is asked; neither is the person's access "for sure" (the sync engine
   * waits for the server's answer before acting on a change of access).
   */
  | { status: 'ready'; panel: PanelInUse; stale: boolean; checking: boolean; savedAt: number }
  | { status: 'error'; error: unknown };

interface Saved {
  panel: PanelInUse;
  savedAt: number;
}
type SavedPanels = Record<string, Saved>;

function restoreSaved(raw: unknown): SavedPanels | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const out: SavedPanels = {};
  for (const [key, value] of Object.entries(raw as Record<string, Partial<Saved>>)) {
    const panel = value?.panel;
    if (
      panel &&
      typeof panel.code === 'string' &&
      Array.isArray(panel.modules) &&
      Array.isArray(panel.permissions) &&
      typeof value.savedAt === 'number'
    ) {
      out[key] = { panel: { ...panel, moduleIcons: panel.moduleIcons ?? {} } as CurrentPanel, savedAt: value.savedAt };
    }
  }
  return out;
}

function keyOf(session: Pick<Session, 'username' | 'panelCode'>): string | null {
  return session.username && session.panelCode ? `${session.username.toLowerCase()}:${session.panelCode}` : null;
}

let state: { key: string | null; value: CurrentPanelState } = { key: null, value: { status: 'none' } };
let pending: { key: string; promise: Promise<void> } | null = null;
const listeners = new Set<() => void>();

function set(key: string | null, value: CurrentPanelState): void {
  state = { key, value };
  for (const listener of listeners) listener();
}

async function keep(key: string, panel: PanelInUse): Promise<void> {
  const savedAt = Date.now();
  set(key, { status: 'ready', panel, stale: false, checking: false, savedAt });
  const saved = (await readValue(storageKeys.currentPanels, restoreSaved)) ?? {};
  await writeValue(storageKeys.currentPanels, { ...saved, [key]: { panel, savedAt } });
}

/** The copy this device saved of the panel, if any. */
async function readSaved(key: string) {
  return (await readValue(storageKeys.currentPanels, restoreSaved))?.[key];
}

async function fetchPanel(key: string): Promise<void> {
  // Read once, whatever the server answers: shown at once unless the answer (or its failure) comes first.
  const saved = readSaved(key).catch(() => undefined);
  if (state.key === key && state.value.status === 'loading')
    void saved.then((copy) => {
      if (copy && state.key === key && state.value.status === 'loading')
        set(key, { status: 'ready', panel: copy.panel, stale: false, checking: true, savedAt: copy.savedAt });
    });
  try {
    const panel = await getCurrentPanel();
    if (keyOf(readSession()) !== key) return;
    await keep(key, panel);
  } catch (error) {
    if (keyOf(readSession()) !== key) return;
    const offline = isApiError(error) && (error.kind === 'network' || error.kind === 'timeout');
    const copy = offline ? await saved : undefined;
    set(
      key,
      copy ? { status: 'ready', panel: copy.panel, stale: true, checking: false, savedAt: copy.savedAt } : { status: 'error', error },
    );
  }
}

/** Loads the session's current panel unless it is loaded or loading; `force` fetches again (after a change). */
export function loadCurrentPanel(force = false): Promise<void> {
  const key = keyOf(readSession());
  if (!key) {
    if (state.key !== null || state.value.status !== 'none') set(null, { status: 'none' });
    return Promise.resolve();
  }
  if (pending?.key === key) return pending.promise;
  if (!force && state.key === key && state.value.status === 'ready' && !state.value.stale && !state.value.checking)
    return Promise.resolve();
  if (state.key !== key) set(key, { status: 'loading' });
  const promise = fetchPanel(key).finally(() => {
    if (pending?.promise === promise) pending = null;
  });
  pending = { key, promise };
  return promise;
}

/** The state for the session's panel right now (loading when the cached state belongs to another). */
export function currentPanelState(session: Pick<Session, 'username' | 'panelCode'> = readSession()): CurrentPanelState {
  const key = keyOf(session);
  if (!key) return { status: 'none' };
  return state.key === key ? state.value : { status: 'loading' };
}

/** Takes the panel as a settings change answered it (details, modules), keeping what that answer lacks. */
export async function replaceCurrentPanel(panel: PanelInUse): Promise<void> {
  const key = keyOf(readSession());
  if (!key || panel.code !== readSession().panelCode) return;
  const before = state.key === key && state.value.status === 'ready' ? state.value.panel : {};
  await keep(key, { ...before, ...panel });
}

/** Forgets the loaded panel (after logout). */
export function resetCurrentPanel(): void {
  pending = null;
  set(null, { status: 'none' });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCurrentPanel(): CurrentPanelState {
  const session = useSession();
  const snapshot = useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
  const key = keyOf(session);
  useEffect(() => {
    void loadCurrentPanel();
  }, [key]);
  if (!key) return { status: 'none' };
  return snapshot.key === key ? snapshot.value : { status: 'loading' };
}
