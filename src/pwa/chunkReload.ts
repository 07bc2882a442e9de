/**
 * Recovery from a chunk that will not load (spec section 4): usually a deploy removed the chunk
 * this page was built against, and a reload fetches the new build. The page reloads by itself at
 * most once per 10 s per path; a second failure inside that window throws ChunkLoadError, which the
 * error boundary shows as the error page with a reload button, so it never loops.
 *
 * The guard lives in sessionStorage: it must survive the reload (memory does not), be readable
 * synchronously before deciding (IndexedDB is not), and belong to this tab only (localStorage would
 * let one tab's reload stop another's recovery); it ends with the tab.
 */
import { reloadPage } from './reloadPage.ts';

export const CHUNK_RELOAD_WINDOW_MS = 10_000;
const GUARD_KEY = 'pishkhan.chunkReloads';

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError;
}

/** The browsers' words for a dynamic import that failed (Chromium, Firefox, Safari), and Vite's preload. */
const IMPORT_FAILED = /dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

/** A lazy import that failed, whether or not it went through lazyScreen. */
export function isChunkFailure(error: unknown): boolean {
  return isChunkLoadError(error) || (error instanceof Error && IMPORT_FAILED.test(error.message));
}

type GuardStore = Pick<Storage, 'getItem' | 'setItem'>;

function readGuard(store: GuardStore): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(store.getItem(GUARD_KEY) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/**
 * True (and remembered) when this path has not reloaded for a failed chunk in the last 10 s.
 * Without storage it answers false: better the error page than a reload that might loop.
 */
export function claimChunkReload(path: string, now = Date.now(), store: GuardStore | null = sessionStorageOrNothing()): boolean {
  if (!store) return false;
  const key = path.toLowerCase().replace(/\/+$/, '') || '/';
  const recent = Object.fromEntries(
    Object.entries(readGuard(store)).filter(([, at]) => typeof at === 'number' && now - at < CHUNK_RELOAD_WINDOW_MS),
  );
  if (recent[key] !== undefined) return false;
  try {
    store.setItem(GUARD_KEY, JSON.stringify({ ...recent, [key]: now }));
    return true;
  } catch {
    return false;
  }
}

function sessionStorageOrNothing(): GuardStore | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage blocked by the browser's settings.
    return null;
  }
}

export interface ChunkRecovery {
  path: string;
  reload: () => void;
  claim: (path: string) => boolean;
}

const pageRecovery = (): ChunkRecovery => ({ path: location.pathname, reload: reloadPage, claim: (path) => claimChunkReload(path) });

/**
 * What a lazy import does when it rejects: reload (and stay pending until the page goes), or,
 * inside the guard's window, throw ChunkLoadError.
 */
export function recoverFromChunkFailure(cause: unknown, recovery: ChunkRecovery = pageRecovery()): Promise<never> {
  if (recovery.claim(recovery.path)) {
    recovery.reload();
    return new Promise<never>(() => {});
  }
  return Promise.reject(new ChunkLoadError(`A part of the app could not be loaded for ${recovery.path}`, { cause }));
}
