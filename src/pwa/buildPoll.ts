/**
 * The build poll of spec sections 4 and 9: every hour, and whenever the network returns, read
 * builds/latest.json; when its id is not this build's, say so (the caller asks the service worker
 * to update). A failed read (offline, mid-deploy) is simply tried again at the next chance.
 */
export const BUILD_POLL_INTERVAL_MS = 3_600_000;
export const LATEST_BUILD_URL = '/builds/latest.json';

export interface LatestBuild {
  id: string;
  time: string;
}

function restoreLatest(raw: unknown): LatestBuild | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const { id, time } = raw as Partial<LatestBuild>;
  return typeof id === 'string' && id !== '' ? { id, time: typeof time === 'string' ? time : '' } : undefined;
}

/** Reads the deployed build's id past every cache; undefined when it cannot be read. */
export async function fetchLatestBuild(): Promise<LatestBuild | undefined> {
  const response = await fetch(LATEST_BUILD_URL, { cache: 'no-store', headers: { Accept: 'application/json' } });
  return response.ok ? restoreLatest(await response.json()) : undefined;
}

export interface BuildPollOptions {
  currentId: string;
  onNewer: (latest: LatestBuild) => void;
  fetchLatest?: () => Promise<LatestBuild | undefined>;
  intervalMs?: number;
}

/** Starts polling; answers a function that stops it. */
export function startBuildPoll({
  currentId,
  onNewer,
  fetchLatest = fetchLatestBuild,
  intervalMs = BUILD_POLL_INTERVAL_MS,
}: BuildPollOptions): () => void {
  const check = async () => {
    try {
      const latest = await fetchLatest();
      if (latest && latest.id !== currentId) onNewer(latest);
    } catch {
      // No network or a half-finished deploy: the next tick or the next `online` tries again.
    }
  };
  const onOnline = () => void check();
  const timer = setInterval(onOnline, intervalMs);
  window.addEventListener('online', onOnline);
  return () => {
    clearInterval(timer);
    window.removeEventListener('online', onOnline);
  };
}
