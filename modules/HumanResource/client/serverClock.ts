/**
 * The server's clock as this device knows it (hr-attendance.md, offline punches): the offset
 * learned at the last contact (half the round trip taken as the way there), kept on the device so
 * a punch made offline later is still corrected by it. The time since is the device's own.
 */
import { apiData } from '@/moduleKit.ts';
import { clockEndpoint, type ClockAnswer } from '../rules/clock.ts';

/** The one storage key of this module: `{ offset, learnedAt }` in milliseconds. */
export const CLOCK_OFFSET_KEY = 'pishkhan.HumanResource.clockOffset';

export interface ClockOffset {
  offset: number;
  learnedAt: number;
}

export function knownOffset(): ClockOffset | null {
  try {
    const saved = JSON.parse(localStorage.getItem(CLOCK_OFFSET_KEY) ?? 'null') as Partial<ClockOffset> | null;
    return typeof saved?.offset === 'number' && typeof saved.learnedAt === 'number'
      ? { offset: saved.offset, learnedAt: saved.learnedAt }
      : null;
  } catch {
    return null;
  }
}

const askWithSession = () => apiData<ClockAnswer>(clockEndpoint.method, clockEndpoint.path, { timeoutMs: 5000 });

/** Asks the server for its time (a kiosk asks with its device credential); answers the offset, or the last known one when it cannot be reached. */
export async function learnOffset(ask: () => Promise<ClockAnswer> = askWithSession): Promise<ClockOffset | null> {
  const sent = Date.now();
  try {
    const answer = await ask();
    const back = Date.now();
    const learned = { offset: Math.round(answer.now - (sent + back) / 2), learnedAt: back };
    localStorage.setItem(CLOCK_OFFSET_KEY, JSON.stringify(learned));
    return learned;
  } catch {
    return knownOffset();
  }
}

/** Now, by the server's clock as far as this device knows it. */
export function serverNow(offset: ClockOffset | null = knownOffset()): number {
  return Date.now() + (offset?.offset ?? 0);
}
