/**
 * The server's cost per pushed row (issue 28): N product creates pushed in batches of
 * PUSH_BATCH_MAX to a real server process, on PGlite and on PostgreSQL; prints the milliseconds
 * per row of the first and of the last tenth of the rows, and overall. `--cpu-prof` writes the
 * server's CPU profile into bench/results/profiles/ to see where the time goes.
 *
 *   npx tsx bench/pushCost.ts 2000
 *   npx tsx bench/pushCost.ts 500 --cpu-prof --pglite
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PUSH_BATCH_MAX, syncEndpoints, type Mutation, type PushResponse } from '../src/contract/sync.ts';
import { entityPath, type Row } from '../src/contract/entity.ts';
import { Category, Product } from '../modules/WarehousingMVM/entities/masterData.ts';
import { positionalArgs, sized } from './benchArgs.ts';
import { accountWithPanel, call, machine, onPglite, onPostgres, startServer, stop } from './serverProcess.ts';

const ROWS = Number(positionalArgs()[0]) || sized(2_000, PUSH_BATCH_MAX + 1);
const args = process.argv.slice(2);
const profile = args.includes('--cpu-prof');
const only = args.includes('--pglite') ? 'pglite' : args.includes('--postgres') ? 'postgres' : null;

async function run(engine: string, env: Record<string, string>): Promise<void> {
  const dir = resolve(import.meta.dirname, 'results', 'profiles');
  if (profile) mkdirSync(dir, { recursive: true });
  const server = await startServer(env, profile ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`] } : {});
  try {
    const { token, panel } = await accountWithPanel(server.url, 'بنچ', ['PanelManagement', 'WarehousingMVM']);
    const category = await call<Row>(
      server.url,
      { method: 'POST', path: entityPath(Category) },
      { id: randomUUID(), name: 'خشکبار' },
      token,
      panel.code,
    );
    const mutations: Mutation[] = Array.from({ length: ROWS }, (_, i) => ({
      mutationId: i + 1,
      entity: Product.key,
      op: 'create',
      id: randomUUID(),
      values: { code: `B-${i + 1}`, name: `کالای ${i + 1}`, unit: 'piece', salePrice: 1000 + i, categoryId: category.id },
    }));
    const clientId = randomUUID();
    const perBatch: number[] = [];
    for (let at = 0; at < mutations.length; at += PUSH_BATCH_MAX) {
      const batch = mutations.slice(at, at + PUSH_BATCH_MAX);
      const started = performance.now();
      const answer = await call<PushResponse>(server.url, syncEndpoints.push, { clientId, mutations: batch }, token, panel.code);
      perBatch.push((performance.now() - started) / batch.length);
      const rejected = answer.results.filter((r) => r.status !== 'applied');
      if (rejected.length) throw new Error(`push rejected ${rejected.length}: ${JSON.stringify(rejected[0])}`);
    }
    const tenth = Math.max(1, Math.round(perBatch.length / 10));
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    console.log(
      `${engine}: ${ROWS} product creates — ms per row: first tenth ${mean(perBatch.slice(0, tenth)).toFixed(2)}, last tenth ${mean(perBatch.slice(-tenth)).toFixed(2)}, all ${mean(perBatch).toFixed(2)}`,
    );
  } finally {
    await stop(server);
  }
}

console.log(machine());
if (only !== 'postgres') await onPglite((dataDir) => run('PGlite', { DATA_DIR: dataDir }));
if (only !== 'pglite') await onPostgres((url) => run('PostgreSQL', { DATABASE_URL: url }));
