/**
 * The movements property (issue 9): three phones offline over a faulty network count one stock
 * count together and move stock — transfers within and between warehouses, arrivals with
 * differences, a consignor's goods in, sold and returned, cancels. After all sync and the count is
 * submitted: no count entry lost or doubled, counted places hold what was counted, each document
 * posted once and reversed exactly, balances (own, consignment, in transit) the sums of their
 * moves and never below zero, the same rows on every phone.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { propertyRuns } from '../../../../tests/propertyRuns.ts';
import { moveScenarioArbitrary, moveScenarioExamples, openWorld, runMoveScenario } from './movementScenario.ts';
import type { SyncWorld } from '../../../../tests/server/syncScenario.ts';

const RUNS = propertyRuns('MOVEMENT_PROPERTY_RUNS', 25, 8);

let world: SyncWorld;

beforeAll(async () => {
  world = await openWorld();
});

afterAll(async () => {
  await world?.server.close();
});

describe('transfers, counts by several phones and consignments over a faulty network', () => {
  it(`lose and double nothing and keep every balance right (${RUNS} scenarios)`, { timeout: 15 * 60_000 }, async () => {
    const seen = { entries: 0, submitted: 0, cancelled: 0, moves: 0 };
    await fc.assert(
      fc.asyncProperty(moveScenarioArbitrary, async (scenario) => {
        const tally = await runMoveScenario(world, scenario);
        seen.entries += tally.entries;
        seen.submitted += tally.submitted;
        seen.cancelled += tally.cancelled;
        seen.moves += tally.moves;
      }),
      { numRuns: RUNS, examples: moveScenarioExamples.map((s) => [s]) },
    );
    // The scenarios did what they are for: counted, posted and cancelled.
    expect(seen.entries).toBeGreaterThan(0);
    expect(seen.submitted).toBeGreaterThan(RUNS);
    expect(seen.cancelled).toBeGreaterThan(0);
    console.info(`movements property: ${JSON.stringify(seen)}`);
  });

  it('merges three phones’ counts of the same shelf, with corrections, through lost and doubled answers', async () => {
    expect(await runMoveScenario(world, moveScenarioExamples[0]!)).toMatchObject({ entries: 12 });
  });
});
