import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findBenches, selectBenches } from '../../scripts/findBenches.ts';

const root = resolve(import.meta.dirname, '../..');

describe('the benches npm run bench and bench:smoke find', () => {
  const fixture = mkdtempSync(join(tmpdir(), 'pishkhan-benches-'));
  afterAll(() => rmSync(fixture, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(fixture, path)), { recursive: true });
    writeFileSync(join(fixture, path), text);
  };
  write('bench/shared.ts', 'export const helper = 1;\n');
  write('bench/zeta.ts', "import { helper } from './shared.ts';\nconsole.log(helper);\n");
  write('bench/alpha.ts', "import { openBenchPanel } from './browserBench.ts';\nawait openBenchPanel();\n");
  write('bench/notes.md', 'not a bench\n');
  write('modules/Shop/bench/report.ts', "import { appBuild } from '../../../bench/appBuild.ts';\nappBuild('x');\n");
  write('modules/Books/bench/report.ts', 'console.log(1);\n');
  write('modules/Books/bench/fixture.ts', 'export function books() {}\n');
  write('modules/Empty/module.ts', 'export {};\n');

  it('finds every file in bench/ and in a module’s bench/ that exports nothing, the platform’s first', () => {
    expect(findBenches(fixture)).toEqual([
      { name: 'alpha', module: null, file: 'bench/alpha.ts', needsBuild: true },
      { name: 'zeta', module: null, file: 'bench/zeta.ts', needsBuild: false },
      { name: 'report', module: 'Books', file: 'modules/Books/bench/report.ts', needsBuild: false },
      { name: 'report', module: 'Shop', file: 'modules/Shop/bench/report.ts', needsBuild: true },
    ]);
  });

  it('selects by name, by module, by module and name, or all, case aside', () => {
    const benches = findBenches(fixture);
    const files = (name: string) => selectBenches(benches, name).map((b) => b.file);
    expect(files('ZETA')).toEqual(['bench/zeta.ts']);
    expect(files('report')).toEqual(['modules/Books/bench/report.ts', 'modules/Shop/bench/report.ts']);
    expect(files('shop/report')).toEqual(['modules/Shop/bench/report.ts']);
    expect(files('Books')).toEqual(['modules/Books/bench/report.ts']);
    expect(files('all')).toHaveLength(4);
    expect(files('nothing')).toEqual([]);
  });

  it('finds this repository’s benches, a module’s included, and none of what they share', () => {
    const files = findBenches(root).map((b) => b.file);
    expect(files).toEqual(
      expect.arrayContaining([
        'bench/list.ts',
        'bench/sync.ts',
        'bench/soak.ts',
        'modules/WarehousingMVM/bench/stock.ts',
        'modules/HumanResource/bench/report.ts',
      ]),
    );
    for (const shared of [
      'bench/browserBench.ts',
      'bench/serverProcess.ts',
      'bench/benchArgs.ts',
      'bench/appBuild.ts',
      'bench/wireCounter.ts',
    ])
      expect(files).not.toContain(shared);
  });

  it('every bench of this repository has a smoke mode: it reads bench/benchArgs.ts', () => {
    const without = findBenches(root).filter(
      (b) => !/from '[./]*(?:bench\/)?benchArgs\.ts'/.test(readFileSync(join(root, b.file), 'utf8')),
    );
    expect(without.map((b) => b.file)).toEqual([]);
  });
});
