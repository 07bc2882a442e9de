/**
 * What this tablet keeps as a kiosk (decision 021), in its own storage: which kiosk Device of
 * which panel it is and that Device's credential, the names and codes it shows (nothing else
 * about anyone), and the punches made while offline, each with its proof, until the server has
 * them. No PIN or badge verifier is ever on the tablet.
 */
import type { KioskPunchBody, KioskRoster } from '../rules/kioskEndpoint.ts';

export const KIOSK_KEY = 'pishkhan.HumanResource.kiosk';
export const KIOSK_ROSTER_KEY = 'pishkhan.HumanResource.kioskRoster';
export const KIOSK_QUEUE_KEY = 'pishkhan.HumanResource.kioskQueue';

export interface KioskState {
  panelCode: string;
  deviceId: string;
  deviceName: string;
  credential: string;
}

function read(key: string): unknown {
  try {
    return JSON.parse(localStorage.getItem(key) ?? 'null');
  } catch {
    return null;
  }
}

export function savedKiosk(): KioskState | null {
  const saved = read(KIOSK_KEY) as Partial<KioskState> | null;
  return saved && typeof saved.credential === 'string' && typeof saved.deviceId === 'string' && typeof saved.panelCode === 'string'
    ? { panelCode: saved.panelCode, deviceId: saved.deviceId, deviceName: String(saved.deviceName ?? ''), credential: saved.credential }
    : null;
}

export function saveKiosk(state: KioskState): void {
  localStorage.setItem(KIOSK_KEY, JSON.stringify(state));
}

/** Leaving kiosk mode: nothing of it stays on the tablet. */
export function forgetKiosk(): void {
  for (const key of [KIOSK_KEY, KIOSK_ROSTER_KEY, KIOSK_QUEUE_KEY]) localStorage.removeItem(key);
}

export function savedRoster(): KioskRoster | null {
  const saved = read(KIOSK_ROSTER_KEY) as KioskRoster | null;
  return saved && Array.isArray(saved.people) ? saved : null;
}

export function saveRoster(roster: KioskRoster): void {
  localStorage.setItem(KIOSK_ROSTER_KEY, JSON.stringify(roster));
}

export function queuedPunches(): KioskPunchBody[] {
  const saved = read(KIOSK_QUEUE_KEY);
  return Array.isArray(saved) ? (saved as KioskPunchBody[]) : [];
}

export function savePunchQueue(queue: readonly KioskPunchBody[]): void {
  localStorage.setItem(KIOSK_QUEUE_KEY, JSON.stringify(queue));
}
