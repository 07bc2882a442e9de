/**
 * The person's notification preferences on this device (decision 047): the server keeps them (it
 * decides every push and SMS), this device keeps the last answer it saw and an edit it could not
 * send yet, per panel, so the settings open offline and an offline change is sent when the device
 * is back online (or the screen next opens), never lost. A refusal of the server drops the edit.
 */
import { fetchNotificationPreferences, saveNotificationPreferences } from '../api/notificationPreferences.ts';
import { isApiError } from '../api/ApiError.ts';
import type { NotificationPreferences, NotificationPreferencesChange } from '../contract/notificationPreferences.ts';

const STORAGE_KEY = (panelCode: string) => `pishkhan:notificationPreferences:${panelCode}`;

export interface StoredPreferences {
  /** The server's last answer. */
  known: NotificationPreferences | null;
  /** An edit made here that the server has not taken yet. */
  pending: NotificationPreferencesChange | null;
}

/** What this device holds; anything unreadable counts as nothing (an older shape, a full quota). */
export function readStored(panelCode: string): StoredPreferences {
  try {
    const parsed = JSON.parse(localStorage.getItem(STORAGE_KEY(panelCode)) ?? 'null') as Partial<StoredPreferences> | null;
    return { known: parsed?.known ?? null, pending: parsed?.pending ?? null };
  } catch {
    return { known: null, pending: null };
  }
}

function store(panelCode: string, stored: StoredPreferences): void {
  try {
    localStorage.setItem(STORAGE_KEY(panelCode), JSON.stringify(stored));
  } catch {
    // A full storage: the edit still goes to the server when it can be reached now.
  }
}

/** The preferences as this device shows them: the last known answer with the unsent edit on top. */
export function shown(stored: StoredPreferences): NotificationPreferences | null {
  const { known, pending } = stored;
  if (!known || !pending) return known;
  return {
    ...known,
    quietHours: pending.quietHours,
    kinds: known.kinds.map((k) => ({ ...k, channel: pending.channels[k.kind] ?? k.channel })),
  };
}

const offline = (error: unknown) => isApiError(error) && (error.kind === 'network' || error.kind === 'timeout');

/** Sends an edit waiting on this device, if any; answers what the device now holds. */
export async function sendPending(panelCode: string): Promise<StoredPreferences> {
  const stored = readStored(panelCode);
  if (!stored.pending) return stored;
  try {
    const known = await saveNotificationPreferences(stored.pending);
    const next = { known, pending: null };
    store(panelCode, next);
    return next;
  } catch (error) {
    if (offline(error)) return stored;
    // Refused (the kind went away with its module, a role changed): the server's answer stands.
    const next = { known: stored.known, pending: null };
    store(panelCode, next);
    throw error;
  }
}

/** Reads the preferences from the server (after sending an edit waiting here); offline, what the device holds. */
export async function loadPreferences(panelCode: string): Promise<{ stored: StoredPreferences; offline: boolean }> {
  try {
    const afterSend = await sendPending(panelCode);
    if (afterSend.pending) return { stored: afterSend, offline: true };
    const next = { known: await fetchNotificationPreferences(), pending: null };
    store(panelCode, next);
    return { stored: next, offline: false };
  } catch (error) {
    if (!offline(error)) throw error;
    return { stored: readStored(panelCode), offline: true };
  }
}

/** Keeps the edit on this device and sends it; answers whether the server has it ('saved') or it waits ('queued'). */
export async function savePreferences(
  panelCode: string,
  change: NotificationPreferencesChange,
): Promise<{ stored: StoredPreferences; saved: boolean }> {
  store(panelCode, { known: readStored(panelCode).known, pending: change });
  const stored = await sendPending(panelCode);
  return { stored, saved: !stored.pending };
}
