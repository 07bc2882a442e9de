/**
 * What a bench was asked for, on its command line and in its environment, and its smoke mode:
 * `BENCH_SMOKE=1` or `--smoke` runs it on the smallest data that still goes through every path it
 * measures, once, and judges no target (`npm run bench:smoke` runs every bench so in CI, where a
 * bench that throws fails the run). A smoke run's figures mean nothing; only that it finished does.
 */
const args = process.argv.slice(2);

/** Flags followed by a value, so the value is not taken for a positional argument. */
const VALUED = new Set(['--dist', '--runs']);

export const smoke = process.env.BENCH_SMOKE === '1' || args.includes('--smoke');
if (smoke) {
  // What the bench starts (bench:sync starts bench:list) runs small too.
  process.env.BENCH_SMOKE = '1';
  console.log('SMOKE MODE: the smallest data, one run, no target judged — the figures below mean nothing');
}

/** The real size (rows, runs, seconds), or in smoke mode the small one. */
export function sized<T>(real: T, small: T): T {
  return smoke ? small : real;
}

/** A target's verdict; in smoke mode none, since tiny data judges nothing. */
export function verdict(met: boolean): string {
  if (smoke) return 'not judged (smoke)';
  return met ? 'met' : 'MISSED';
}

/** The value after `--name` on the command line. */
export function option(name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

/** The arguments that are neither flags nor a flag's value (`npm run bench:soak -- 500 42`). */
export function positionalArgs(): string[] {
  return args.filter((arg, i) => !arg.startsWith('--') && !VALUED.has(args[i - 1] ?? ''));
}

/** The build a browser bench measures: `--dist <folder>`, or `BENCH_DIST` (one build for a run of several benches). */
export function givenBuild(): string | undefined {
  return option('--dist') ?? process.env.BENCH_DIST;
}
