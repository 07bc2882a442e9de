/**
 * The benches, found rather than listed: every TypeScript file in `bench/` and in a module's
 * `bench/` that exports nothing. A file that exports is what benches share (a server process, a
 * panel in Chromium, a build), not a bench. `npm run bench` and `npm run bench:smoke` run what
 * this finds, so a new bench is measured and smoke-tested without anyone listing it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';

export interface Bench {
  /** The file's name without `.ts`: `list`, `trialBalance`. */
  name: string;
  /** The module whose `bench/` holds it, or null for the platform's `bench/`. */
  module: string | null;
  /** Its path from the repository's root. */
  file: string;
  /** It measures a production build of the PWA (it opens a browser panel or builds one). */
  needsBuild: boolean;
}

const EXPORTS = /^\s*export\b/m;
const BUILDS = /from '[./]*(?:bench\/)?(?:appBuild|browserBench)\.ts'/;

function benchesIn(root: string, dir: string, module: string | null): Bench[] {
  const at = join(root, dir);
  if (!existsSync(at)) return [];
  return readdirSync(at, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts'))
    .map((entry) => ({ file: `${dir}/${entry.name}`, text: readFileSync(join(at, entry.name), 'utf8') }))
    .filter(({ text }) => !EXPORTS.test(text))
    .map(({ file, text }) => ({ name: basename(file, '.ts'), module, file, needsBuild: BUILDS.test(text) }));
}

/** Every bench under `root`: the platform's first, then each module's, each folder in name order. */
export function findBenches(root: string): Bench[] {
  const modules = existsSync(join(root, 'modules'))
    ? readdirSync(join(root, 'modules'), { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
    : [];
  const byName = (a: Bench, b: Bench) => a.file.localeCompare(b.file);
  return [
    ...benchesIn(root, 'bench', null).sort(byName),
    ...modules.sort().flatMap((m) => benchesIn(root, `modules/${m}/bench`, m).sort(byName)),
  ];
}

/**
 * The benches a name asks for, case aside: `all`; a bench's name (`list`) or, where two modules
 * have one so named, `<Module>/<name>`; or a module's key, for all of its benches.
 */
export function selectBenches(benches: Bench[], name: string): Bench[] {
  const asked = name.toLowerCase();
  if (asked === 'all') return benches;
  const byModule = benches.filter((b) => b.module?.toLowerCase() === asked);
  if (byModule.length) return byModule;
  return benches.filter((b) => b.name.toLowerCase() === asked || `${b.module ?? 'bench'}/${b.name}`.toLowerCase() === asked);
}
