/** Server code reads time only through this, so tests can move time instead of waiting. */
export interface Clock {
  now(): number;
  /** Waits `ms` (the brute-force slow-down); a test clock may advance itself instead. */
  sleep?(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};
