import type { Clock } from '../../server/clock.ts';

/**
 * A clock tests move by hand: expiry is tested by `advance`, not by waiting. The brute-force
 * slow-down "sleeps" by advancing it too, and every sleep is kept in `slept` for assertions.
 */
export class TestClock implements Clock {
  readonly slept: number[] = [];
  constructor(private current: number) {}

  now(): number {
    return this.current;
  }

  advance(ms: number): void {
    this.current += ms;
  }

  set(ms: number): void {
    this.current = ms;
  }

  async sleep(ms: number): Promise<void> {
    this.slept.push(ms);
    this.current += ms;
  }
}
