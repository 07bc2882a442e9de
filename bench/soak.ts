/**
 * The soak: the property tests' scenarios, 10,000 of each by default, against one in-process
 * server on in-memory PGlite, each in a fresh panel: the sync property's (tests/server/
 * syncScenario.ts) and the warehousing documents property's (issue 8: receipts and issues
 * submitted, cancelled, edited and deleted offline; no submit lost or posted twice, no wrong
 * balance). Prints progress, scenarios per second, what the documents exercised, and the first
 * failure with its (shrunk) scenario. After the documents, the books-and-stock audit
 * (server/books/audit.ts) runs over every panel the soak made: it prints its result and a
 * difference fails the soak.
 *
 *   npm run bench:soak                          # 10,000 of each
 *   npm run bench:soak -- 500                   # fewer
 *   npm run bench:soak -- 500 42                # with a seed, to replay a run
 *   npm run bench:soak -- 500 42 documents      # one soak only: sync or documents
 *   npm run bench:soak -- --smoke               # 10 of each (and the examples)
 *
 * Then (not with --smoke, nor when one soak is named) it runs every property test of the server
 * suite at its full count (PROPERTY_RUNS=full; `npm test` runs a quick count of each,
 * tests/propertyRuns.ts) on PGlite, the fuzzers and the isolation property included.
 */
import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import {
  docScenarioArbitrary,
  docScenarioExamples,
  runDocScenario,
  type DocTally,
} from '../modules/WarehousingMVM/tests/server/documentScenario.ts';
import { openWorld, runScenario, scenarioArbitrary, scenarioExamples, type SyncWorld } from '../tests/server/syncScenario.ts';
import { auditBooks } from '../server/books/audit.ts';
import { auditReport } from '../server/books/auditReport.ts';
import { positionalArgs, sized, smoke } from './benchArgs.ts';

const [runsArg, seedArg, only] = positionalArgs();
const runs = Number(runsArg ?? sized(10_000, 10));
const seed = seedArg === undefined ? Date.now() : Number(seedArg);
if (only !== undefined && only !== 'sync' && only !== 'documents') throw new Error(`no soak called ${only}: sync or documents`);

const world = await openWorld();

async function soak<T>(
  name: string,
  arbitrary: fc.Arbitrary<T>,
  examples: T[],
  run: (world: SyncWorld, scenario: T) => Promise<unknown>,
): Promise<boolean> {
  const started = performance.now();
  let done = 0;
  const result = await fc.check(
    fc.asyncProperty(arbitrary, async (scenario) => {
      await run(world, scenario);
      done++;
      if (done % 500 === 0) {
        const seconds = (performance.now() - started) / 1000;
        console.log(`${name}: ${done} scenarios in ${seconds.toFixed(1)} s (${(done / seconds).toFixed(1)} scenarios/s)`);
      }
    }),
    { numRuns: runs, seed, examples: examples.map((s) => [s] as [T]) },
  );
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `\n${name} soak: ${result.numRuns} scenarios in ${seconds.toFixed(1)} s, ${(result.numRuns / seconds).toFixed(1)} scenarios/s (seed ${seed})`,
  );
  if (result.failed) {
    console.log(`FAILED after ${result.numRuns} scenarios (${result.numShrinks} shrinks): ${String(result.errorInstance)}`);
    console.log(`scenario: ${JSON.stringify(result.counterexample)}`);
  } else {
    console.log('no failure');
  }
  return !result.failed;
}

let ok = true;
if (only !== 'documents') ok = (await soak('sync', scenarioArbitrary, scenarioExamples, runScenario)) && ok;
if (only !== 'sync') {
  const total: DocTally & { scenarios: number } = { scenarios: 0, drafts: 0, submitted: 0, cancelled: 0, moves: 0, shortfalls: 0 };
  const passed = await soak('documents', docScenarioArbitrary, docScenarioExamples, async (w, scenario) => {
    const tally = await runDocScenario(w, scenario);
    total.scenarios++;
    for (const key of ['drafts', 'submitted', 'cancelled', 'moves', 'shortfalls'] as const) total[key] += tally[key];
  });
  // Every check is an invariant of each scenario: a lost or doubled posting or a wrong balance fails it.
  const failed = passed ? 0 : 1;
  console.log(
    `documents: ${total.scenarios} scenarios passed, ${failed} failed (0 failed means 0 lost, 0 doubled, 0 wrong balances); ` +
      `receipts left ${total.submitted} submitted, ${total.cancelled} cancelled, ${total.drafts} drafts; ${total.moves} stock moves checked; ${total.shortfalls} issues refused for a shortfall`,
  );
  ok = passed && ok;
  // Whatever the scenarios checked, the audit recomputes every panel's stock from its documents on its own.
  const started = performance.now();
  const audit = await auditBooks(world.server.db);
  console.log(
    `\nbooks-and-stock audit after the documents soak (${((performance.now() - started) / 1000).toFixed(1)} s):\n${auditReport(audit)}`,
  );
  ok = audit.differences === 0 && ok;
}
await world.server.close();

/** The server tests that take a count from tests/propertyRuns.ts. */
const PROPERTY_TESTS = ['property.test.ts', 'tests/server/panelsFuzz.test.ts', 'tests/server/panelsIsolation.test.ts'];
if (!smoke && only === undefined) {
  console.log('\nThe property tests at their full counts (PROPERTY_RUNS=full):');
  const started = performance.now();
  const run = spawnSync('npx', ['vitest', 'run', '--project', 'server', ...PROPERTY_TESTS], {
    stdio: 'inherit',
    env: { ...process.env, PROPERTY_RUNS: 'full', TEST_DATABASE_URL: '' },
  });
  console.log(
    `property tests at full counts: ${run.status === 0 ? 'passed' : 'FAILED'} in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  ok = run.status === 0 && ok;
}
process.exit(ok ? 0 : 1);
