/**
 * A stock count of 2,000 scans on three phones, all offline (issue 9): each phone scans its share
 * of two products on two shelves (with a few corrections, each a negative entry), then they come
 * back through a network that loses answers and delivers twice. Every scan is on the server once,
 * the phones all show the server's rows, and the count submitted leaves each shelf holding what
 * was scanned there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncWorld } from '../../../../tests/server/syncScenario.ts';
import { openWorld, runMoveScenario, type MoveStep } from './movementScenario.ts';

let world: SyncWorld;

beforeAll(async () => {
  world = await openWorld();
});

afterAll(async () => {
  await world?.server.close();
});

describe('a stock count on three offline phones', () => {
  it('merges 2,000 scans: none lost, none counted twice, each shelf left holding what was scanned', { timeout: 10 * 60_000 }, async () => {
    const steps: MoveStep[] = [];
    // 3 phones × 4 places × 166 scans + 8 corrections (−1 each, two per phone counted in) = 2,000 entries.
    for (let round = 0; round < 83; round++) {
      for (const who of [0, 1, 2] as const) {
        for (let place = 0; place < 4; place++)
          steps.push({ kind: 'count', who, product: place % 2, location: Math.floor(place / 2), thousandths: 1000, scans: 2 });
      }
    }
    for (const who of [0, 1, 2, 0, 1, 2, 0, 1] as const)
      steps.push({ kind: 'count', who, product: 0, location: 0, thousandths: -1000, scans: 1 });
    steps.push({ kind: 'sync', who: 'all' });
    const tally = await runMoveScenario(world, {
      steps,
      faults: ['dropResponse', 'duplicate', 'error500After', 'dropRequest', 'duplicate', 'dropResponse'],
    });
    expect(tally.entries).toBe(2000);
    // 3 phones × 83 rounds × 2 scans a place; the first shelf's tea less the 8 corrections.
    expect(tally.counted).toEqual(['490.000', '498.000', '498.000', '498.000']);
  });
});
