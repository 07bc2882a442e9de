/**
 * Checks docs/guides/write-a-module.md (decision 033): in a temporary copy of the repo (its tracked
 * files, node_modules linked), writes every fenced block tagged `file=<path>`, lints the new files
 * and type-checks both configurations as `npm run lint` does, runs the guide modules' own tests
 * (unit, and server on PGlite), then renames one published field in the publisher only and
 * requires the type check to fail in a follower. `npm run check:guide [-- --keep]`.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const GUIDE = 'docs/guides/write-a-module.md';
const keep = process.argv.includes('--keep');

interface GuideFile {
  path: string;
  text: string;
}

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

class GuideProblem extends Error {}

function fail(message: string): never {
  throw new GuideProblem(message);
}

/** Runs a command in the copy; its output is kept for the caller to show. */
function run(dir: string, command: string, args: string[], env: Record<string, string> = {}): { ok: boolean; output: string } {
  const result = spawnSync(command, args, { cwd: dir, encoding: 'utf8', env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 });
  return { ok: result.status === 0, output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}

function mustPass(dir: string, what: string, command: string, args: string[], env: Record<string, string> = {}): void {
  say(`- ${what}: ${[command.replace(`${dir}/`, ''), ...args].join(' ')}`);
  const result = run(dir, command, args, env);
  if (!result.ok) {
    process.stderr.write(result.output);
    fail(`${what} failed`);
  }
  const summary = result.output
    .replace(/\x1b\[[0-9;]*m/g, '')
    .split('\n')
    .filter((line) => /^\s*Tests\s+\d+ passed/.test(line));
  for (const line of summary) say(`    ${line.trim()}`);
}

function guideFiles(): GuideFile[] {
  const text = readFileSync(join(root, GUIDE), 'utf8');
  const files = [...text.matchAll(/^```\w+ file=(\S+)\n([\s\S]*?)^```$/gm)].map((m) => ({ path: m[1]!, text: m[2]! }));
  if (!files.length) fail(`${GUIDE} has no fenced block tagged file=`);
  for (const file of files) {
    if (!/^modules\/[A-Za-z]+\//.test(file.path) || file.path.includes('..'))
      fail(`${file.path}: the guide writes only inside modules/<Key>/`);
    if (existsSync(join(root, file.path))) fail(`${file.path} exists in the repo: the guide's modules must be new`);
  }
  const seen = new Set<string>();
  for (const file of files) {
    if (seen.has(file.path)) fail(`${file.path} appears twice in the guide`);
    seen.add(file.path);
  }
  return files;
}

/** A copy of the repo's tracked files, as they are in the working tree, with node_modules linked. */
function copyRepo(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pishkhan-guide-'));
  const listed = spawnSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' });
  if (listed.status !== 0) fail('git ls-files failed');
  const tracked = listed.stdout.split('\0').filter((path) => path && existsSync(join(root, path)));
  for (const path of tracked) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    copyFileSync(join(root, path), join(dir, path));
  }
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  say(`- copied ${tracked.length} tracked files to ${dir} (node_modules linked)`);
  return dir;
}

/**
 * The publisher (the guide file calling defineDocumentEvent) and a field of its payload that a
 * follower in another module reads (`.field`).
 */
function publishedField(files: readonly GuideFile[]): { file: GuideFile; field: string } {
  const file = files.find((f) => f.text.includes('defineDocumentEvent('));
  if (!file) fail('no guide file publishes an event (defineDocumentEvent)');
  const publisher = file.path.split('/')[1];
  const payload = /export interface \w+ \{([\s\S]*?)\n\}/.exec(file.text)?.[1] ?? '';
  const fields = [...payload.matchAll(/^\s+(\w+)\??:/gm)].map((m) => m[1]!);
  const followers = files.filter((f) => f.path.split('/')[1] !== publisher && f.path.includes('/server/'));
  const field = fields.filter((name) => name !== 'id' && followers.some((f) => new RegExp(`\\.${name}\\b`).test(f.text))).at(-1);
  if (!field) fail(`no field of ${file.path}'s payload is read by a follower in another module`);
  return { file, field };
}

function check(dir: string, files: readonly GuideFile[]): void {
  for (const file of files) {
    mkdirSync(dirname(join(dir, file.path)), { recursive: true });
    writeFileSync(join(dir, file.path), file.text);
  }
  say(`- wrote ${files.map((f) => f.path).join(', ')}`);

  const bin = (name: string) => join(dir, 'node_modules', '.bin', name);
  mustPass(
    dir,
    'lint of the guide files',
    bin('eslint'),
    files.map((f) => f.path),
  );
  // Both configurations side by side, as `npm run lint` checks them.
  mustPass(dir, 'client and server types', process.execPath, ['scripts/typecheck.mjs']);
  const tests = (kind: string) =>
    files.map((f) => f.path).filter((path) => new RegExp(`^modules/[^/]+/tests/${kind}/.*\\.test\\.tsx?$`).test(path));
  if (!tests('server').length) fail('the guide has no server test');
  if (tests('unit').length) mustPass(dir, 'unit tests', bin('vitest'), ['run', '--project', 'unit', ...tests('unit')]);
  mustPass(dir, 'server tests on PGlite', bin('vitest'), ['run', '--project', 'server', ...tests('server')], { TEST_DATABASE_URL: '' });

  const { file, field } = publishedField(files);
  const renamed = `${field}Renamed`;
  const changed = file.text.replace(new RegExp(`\\b${field}(\\??):`, 'g'), `${renamed}$1:`);
  writeFileSync(join(dir, file.path), changed);
  say(`- renamed the published field ${field} to ${renamed} in ${file.path} only`);
  const after = run(dir, bin('tsc'), ['-p', 'tsconfig.server.json', '--noEmit']);
  const errors = after.output.split('\n').filter((line) => /error TS/.test(line));
  if (after.ok || !errors.length)
    fail(`the type check still passes after renaming ${field}: a follower is not typed by the published event`);
  if (errors.some((line) => line.startsWith(file.path))) fail(`the rename broke the publisher itself:\n${errors.join('\n')}`);
  say(`- the type check (npm run lint) now fails, as it must:\n${errors.map((line) => `    ${line}`).join('\n')}`);
  say('check:guide: the guide builds, lints and passes its tests; a renamed published field fails the lint');
}

let dir: string | null = null;
try {
  const files = guideFiles();
  say(`check:guide: ${files.length} files from ${GUIDE}`);
  dir = copyRepo();
  check(dir, files);
} catch (error) {
  if (!(error instanceof GuideProblem)) throw error;
  process.stderr.write(`check:guide: ${error.message}\n`);
  process.exitCode = 1;
} finally {
  if (dir && keep) say(`(kept ${dir})`);
  else if (dir) rmSync(dir, { recursive: true, force: true });
}
