/**
 * Wrong PINs at a kiosk: after five wrong tries for one personnel code, that code is locked on
 * this kiosk for five minutes (a four-digit PIN would otherwise fall to anyone patient). A right
 * PIN clears the count. Pure, so the kiosk keeps the state where a reload does not reset it.
 */
export const KIOSK_MAX_TRIES = 5;
export const KIOSK_LOCK_MS = 5 * 60_000;

export interface CodeTries {
  wrong: number;
  /** Until when the code is locked (ms since the epoch), or 0. */
  lockedUntil: number;
}

/** Personnel code (as compared, see codeKey) → its wrong tries on this kiosk. */
export type KioskLocks = Readonly<Record<string, CodeTries>>;

export const codeKey = (code: string) => code.trim().toLowerCase();

/** How long the code stays locked, in ms (0 when it is not). */
export function lockedFor(locks: KioskLocks, code: string, now: number): number {
  const until = locks[codeKey(code)]?.lockedUntil ?? 0;
  return until > now ? until - now : 0;
}

/** The locks after a wrong PIN for this code: one more try counted, locked at the fifth. */
export function afterWrongPin(locks: KioskLocks, code: string, now: number): KioskLocks {
  const key = codeKey(code);
  const wrong = (locks[key]?.wrong ?? 0) + 1;
  const tries = wrong >= KIOSK_MAX_TRIES ? { wrong: 0, lockedUntil: now + KIOSK_LOCK_MS } : { wrong, lockedUntil: 0 };
  return { ...locks, [key]: tries };
}

/** Tries left before the code locks. */
export function triesLeft(locks: KioskLocks, code: string): number {
  return KIOSK_MAX_TRIES - (locks[codeKey(code)]?.wrong ?? 0);
}

/** The locks after a right PIN: the code's count is gone. */
export function afterRightPin(locks: KioskLocks, code: string): KioskLocks {
  const rest = { ...locks };
  delete rest[codeKey(code)];
  return rest;
}
