/**
 * The repository's one import graph (decision 036): every import, export-from and import() of
 * every .ts/.tsx file, resolved to a file (relative paths and the `@/` alias of src/). It fails
 * on an import circle — one closed only by `import type` counts too — and on an import the layer
 * rule refuses (`pishkhan/layers` in eslint.config.js, whose model it reads, so the two never
 * disagree); and it prints the figures the module redesign is measured by. Run by `npm run lint`.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

const root = resolve(import.meta.dirname, '..');
const FOLDERS = ['src', 'server', 'modules', 'build', 'bench', 'tests', 'scripts'];
const SKIPPED = new Set(['node_modules', 'dist', 'dev-dist', '.artifacts', 'data', 'coverage']);

interface LayerModel {
  layerOf(file: string): unknown;
  refusal(from: unknown, to: unknown): string | null;
}
const model = (await import(pathToFileURL(join(root, 'eslint.config.js')).href)) as LayerModel;

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The file an import names, or null for a package. */
function resolveImport(from: string, specifier: string): string | null {
  const bare = specifier.replace(/\?.*$/, '');
  let base: string;
  if (bare.startsWith('.')) base = resolve(dirname(from), bare);
  else if (bare.startsWith('@/')) base = join(root, 'src', bare.slice(2));
  else return null;
  const candidates = [base, base.replace(/\.js$/, '.ts'), `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

const name = (file: string) => relative(root, file).split('\\').join('/');
const files = FOLDERS.flatMap((folder) => sourceFiles(join(root, folder)));
/** file → the files it imports, one entry per statement. */
const graph = new Map<string, string[]>();
for (const file of files) {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  graph.set(
    file,
    importedFiles.map((i) => resolveImport(file, i.fileName)).filter((t): t is string => t !== null),
  );
}

/** Tarjan's strongly connected components: each with more than one file (or a file importing itself) is a circle. */
function circles(): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  let next = 0;
  function visit(file: string): void {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    for (const to of graph.get(file) ?? []) {
      if (!graph.has(to)) continue;
      if (!index.has(to)) visit(to);
      if (stack.includes(to)) low.set(file, Math.min(low.get(file)!, low.get(to)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)!.includes(file)) found.push(component.map(name).sort());
  }
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

const refused: string[] = [];
/** Imports from modules into src/ and server/, by the module's part that makes them. */
const intoPlatform = new Map<string, { statements: number; files: Set<string> }>();
for (const [file, targets] of graph) {
  const from = model.layerOf(file);
  for (const to of targets) {
    const why = model.refusal(from, model.layerOf(to));
    if (why) refused.push(`${name(file)} → ${name(to)}: ${why}`);
    const part = /^modules\/[^/]+\/(client|server|rules|tests|bench)?/.exec(name(file));
    if (part && /^(src|server)\//.test(name(to))) {
      for (const key of ['all', part[1] ?? 'declaration']) {
        const count = intoPlatform.get(key) ?? { statements: 0, files: new Set<string>() };
        count.statements++;
        count.files.add(to);
        intoPlatform.set(key, count);
      }
    }
  }
}
const loops = circles();

console.log(`import graph: ${files.length} files, ${[...graph.values()].reduce((n, t) => n + t.length, 0)} imports between them`);
const figure = (key: string) => `${intoPlatform.get(key)?.statements ?? 0} statements into ${intoPlatform.get(key)?.files.size ?? 0} files`;
console.log(`imports from modules into the platform: ${figure('all')}`);
for (const key of ['client', 'server', 'rules', 'declaration', 'tests', 'bench']) console.log(`  from ${key}: ${figure(key)}`);
console.log(`import circles: ${loops.length}`);
for (const loop of loops) console.log(`  ${loop.join(' ↔ ')}`);
console.log(`imports the layer rule refuses (upward and sideways): ${refused.length}`);
for (const line of refused) console.log(`  ${line}`);
if (loops.length > 0 || refused.length > 0) process.exitCode = 1;
