/**
 * The documents property (issue 8): two people of one panel work offline with receipts and issues
 * (exact quantities, 1–3 lines), submit, cancel, edit and delete drafts, on their own devices (the
 * real sync engine on Dexie over fake-indexeddb) against the real server in-process, through a
 * network that loses requests and answers, delivers twice, delays and fails with 500s; devices
 * reload; people settle some problems. After the network heals and both sync: the same rows
 * everywhere, each submitted receipt posted exactly once and each cancelled one exactly reversed,
 * every balance the exact sum of its moves and never below zero, and each refused issue a draft
 * with its shortfall in sync problems.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { propertyRuns } from '../../../../tests/propertyRuns.ts';
import { docScenarioArbitrary, docScenarioExamples, openWorld, runDocScenario, type SyncWorld } from './documentScenario.ts';

const RUNS = propertyRuns('DOCUMENT_PROPERTY_RUNS', 60, 15);

let world: SyncWorld;

beforeAll(async () => {
  world = await openWorld();
});

afterAll(async () => {
  await world?.server.close();
});

describe('warehousing documents on two devices over a faulty network', () => {
  it(
    `post each submit once, reverse each cancel exactly and keep every balance the sum of its moves (${RUNS} scenarios)`,
    { timeout: 15 * 60_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(docScenarioArbitrary, async (scenario) => {
          await runDocScenario(world, scenario);
        }),
        { numRuns: RUNS, examples: docScenarioExamples.map((s) => [s]) },
      );
    },
  );

  it('submits a refused issue when the person retries it after the goods arrived (not an empty edit)', async () => {
    const [, retried] = docScenarioExamples;
    expect(await runDocScenario(world, retried!)).toMatchObject({ submitted: 2, drafts: 0, moves: 2 });
  });
});
