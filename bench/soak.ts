/**
 * The sync soak: the property test's scenarios (tests/server/syncScenario.ts), 10,000 of them by
 * default, against one in-process server on in-memory PGlite, each in a fresh panel. Prints
 * progress, scenarios per second and the first failure with its (shrunk) scenario.
 *
 *   npm run bench:soak            # 10,000 scenarios
 *   npm run bench:soak -- 500     # fewer
 *   npm run bench:soak -- 500 42  # with a seed, to replay a run
 */
import fc from 'fast-check';
import { openWorld, runScenario, scenarioArbitrary, scenarioExamples } from '../tests/server/syncScenario.ts';

const runs = Number(process.argv[2] ?? 10_000);
const seed = process.argv[3] === undefined ? Date.now() : Number(process.argv[3]);

const world = await openWorld();
const started = performance.now();
let done = 0;

const result = await fc.check(
  fc.asyncProperty(scenarioArbitrary, async (scenario) => {
    await runScenario(world, scenario);
    done++;
    if (done % 500 === 0) {
      const seconds = (performance.now() - started) / 1000;
      console.log(`${done} scenarios in ${seconds.toFixed(1)} s (${(done / seconds).toFixed(1)} scenarios/s)`);
    }
  }),
  { numRuns: runs, seed, examples: scenarioExamples.map((s) => [s]) },
);

const seconds = (performance.now() - started) / 1000;
console.log(`\nsync soak: ${result.numRuns} scenarios in ${seconds.toFixed(1)} s, ${(result.numRuns / seconds).toFixed(1)} scenarios/s (seed ${seed})`);
if (result.failed) {
  console.log(`FAILED after ${result.numRuns} scenarios (${result.numShrinks} shrinks): ${String(result.errorInstance)}`);
  console.log(`scenario: ${JSON.stringify(result.counterexample)}`);
} else {
  console.log('no failure');
}
await world.server.close();
process.exit(result.failed ? 1 : 0);
