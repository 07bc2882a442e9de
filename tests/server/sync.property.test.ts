/**
 * The sync property (issue 5): two people work offline on their own devices (the real engine on
 * Dexie over fake-indexeddb) against the real server in-process, through a network that loses
 * requests and answers, delivers twice, delays and fails with 500s; devices reload; people settle
 * some problems. After the network heals and both sync, both devices and the server hold the same
 * rows, every accepted write is there exactly once, and every rejected one is in sync problems.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { propertyRuns } from '../propertyRuns.ts';
import { openWorld, runScenario, scenarioArbitrary, scenarioExamples, type SyncWorld } from './syncScenario.ts';

const RUNS = propertyRuns('SYNC_PROPERTY_RUNS', 200, 40);

let world: SyncWorld;

beforeAll(async () => {
  world = await openWorld();
});

afterAll(async () => {
  await world?.server.close();
});

describe('sync between two devices and the server over a faulty network', () => {
  it(`converges with every write applied once or kept in sync problems (${RUNS} scenarios)`, { timeout: 15 * 60_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArbitrary, (scenario) => runScenario(world, scenario)),
      { numRuns: RUNS, examples: scenarioExamples.map((s) => [s]) },
    );
  });
});
