/**
 * Exponential backoff with jitter: the n-th failure in a row waits base·2ⁿ⁻¹ (capped), shortened
 * by a random part so that many devices coming back at once do not retry in step.
 */
export interface BackoffSettings {
  baseMs: number;
  maxMs: number;
}

export const defaultBackoff: BackoffSettings = { baseMs: 2_000, maxMs: 5 * 60_000 };

/** The wait after `failures` failures in a row (1 or more); `random` in [0, 1). */
export function backoffDelay(failures: number, random: number, settings: BackoffSettings = defaultBackoff): number {
  const ceiling = Math.min(settings.maxMs, settings.baseMs * 2 ** Math.max(0, failures - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * random);
}
