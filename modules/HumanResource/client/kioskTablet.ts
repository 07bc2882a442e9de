/**
 * What this tablet remembers as a kiosk, in its own storage: which Device of which panel it is
 * (set by "Start kiosk mode on this device", forgotten on leaving kiosk mode), and the wrong-PIN
 * counts of rules/kioskLock.ts, kept so that reloading the page does not lift a lock.
 */
import type { KioskLocks } from '../rules/kioskLock.ts';

export const KIOSK_DEVICE_KEY = 'pishkhan.HumanResource.kioskDevice';
export const KIOSK_LOCKS_KEY = 'pishkhan.HumanResource.kioskLocks';

function read<T extends object>(key: string): T {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(key) ?? '{}');
    return typeof saved === 'object' && saved !== null && !Array.isArray(saved) ? (saved as T) : ({} as T);
  } catch {
    return {} as T;
  }
}

/** Panel code → the id of the kiosk Device this tablet is in that panel. */
type KioskDevices = Record<string, string>;

export function kioskDeviceOf(panelCode: string | null): string | null {
  if (!panelCode) return null;
  const id = read<KioskDevices>(KIOSK_DEVICE_KEY)[panelCode];
  return typeof id === 'string' ? id : null;
}

export function rememberKioskDevice(panelCode: string, deviceId: string): void {
  localStorage.setItem(KIOSK_DEVICE_KEY, JSON.stringify({ ...read<KioskDevices>(KIOSK_DEVICE_KEY), [panelCode]: deviceId }));
}

export function forgetKioskDevice(panelCode: string): void {
  const devices = read<KioskDevices>(KIOSK_DEVICE_KEY);
  delete devices[panelCode];
  localStorage.setItem(KIOSK_DEVICE_KEY, JSON.stringify(devices));
}

export function savedLocks(): KioskLocks {
  return read<KioskLocks>(KIOSK_LOCKS_KEY);
}

export function saveLocks(locks: KioskLocks): void {
  localStorage.setItem(KIOSK_LOCKS_KEY, JSON.stringify(locks));
}
