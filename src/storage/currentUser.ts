/**
 * The signed-in person's profile, fetched once per session and kept for offline use: when the
 * network is gone, the last profile seen for this username is shown, marked as stale. Code 101
 * means the registration profile is missing (spec section 4): the caller sends the person to
 * complete it.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { getCurrentUser } from '../api/account.ts';
import { isApiError } from '../api/ApiError.ts';
import { Code } from '../contract/codes.ts';
import type { CurrentUser } from '../contract/profile.ts';
import { readValue, storageKeys, writeValue } from '../session/keyValue.ts';
import { readSession, storeUsername } from '../session/session.ts';

export type CurrentUserState =
  | { status: 'loading' }
  | { status: 'ready'; user: CurrentUser; stale: boolean; savedAt: number }
  | { status: 'incomplete' }
  | { status: 'error'; error: unknown };

interface SavedUser {
  username: string;
  user: CurrentUser;
  savedAt: number;
}

function restoreSaved(raw: unknown): SavedUser | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const saved = raw as Partial<SavedUser>;
  return typeof saved.username === 'string' && typeof saved.savedAt === 'number' && saved.user ? (saved as SavedUser) : undefined;
}

let state: CurrentUserState = { status: 'loading' };
let loadedFor: string | null = null;
let pending: Promise<void> | null = null;
const listeners = new Set<() => void>();

function set(next: CurrentUserState): void {
  state = next;
  for (const listener of listeners) listener();
}

async function fetchUser(username: string): Promise<void> {
  try {
    const user = await getCurrentUser();
    const savedAt = Date.now();
    loadedFor = user.userName;
    set({ status: 'ready', user, stale: false, savedAt });
    storeUsername(user.userName);
    await writeValue(storageKeys.lastUser, { username: user.userName, user, savedAt } satisfies SavedUser);
  } catch (error) {
    if (isApiError(error) && error.code === Code.InvalidServiceOrIncompleteProfile) return set({ status: 'incomplete' });
    const saved =
      isApiError(error) && (error.kind === 'network' || error.kind === 'timeout')
        ? await readValue(storageKeys.lastUser, restoreSaved)
        : undefined;
    if (saved && saved.username === username) return set({ status: 'ready', user: saved.user, stale: true, savedAt: saved.savedAt });
    set({ status: 'error', error });
  }
}

/** Loads the profile for the session's user, unless it is already loaded or loading. */
export function loadCurrentUser(force = false): Promise<void> {
  const username = readSession().username ?? '';
  if (!force && loadedFor === username && (pending || state.status !== 'error')) return pending ?? Promise.resolve();
  loadedFor = username;
  // Keep showing the profile while it reloads, unless it is someone else's.
  if (state.status !== 'ready' || (username && state.user.userName !== username)) set({ status: 'loading' });
  pending = fetchUser(username).finally(() => {
    pending = null;
  });
  return pending;
}

/** Forgets the loaded profile (after logout, or after the profile changed). */
export function resetCurrentUser(): void {
  loadedFor = null;
  set({ status: 'loading' });
}

export function useCurrentUser(): CurrentUserState {
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => state,
  );
  useEffect(() => {
    void loadCurrentUser();
  }, []);
  return current;
}
