/**
 * Running Lighthouse from a bench (lighthouse.ts, bigPanelLighthouse.ts): a free port for Chromium's
 * debugging, one run of a page with its report read back, and the report printed.
 *
 * Lighthouse itself is not a dependency of the project (v13 needs Node 22; v12 runs on Node 20 and
 * scores the same way): it is fetched from the npm registry by `npx` on first use, or taken from
 * LIGHTHOUSE=<path to its cli/index.js>. Chromium is Debian's, as everywhere.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';

export const LIGHTHOUSE_VERSION = '12.8.2';
const TIMINGS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];

export interface Report {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, { score: number | null; displayValue?: string; title: string }>;
}

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

/** One Lighthouse run (mobile preset) of `url` in the Chromium listening on `port`; `keepStorage`: signed in, as on a person's phone. */
export function lighthouse(url: string, port: number, keepStorage: boolean): Report {
  const out = join(tmpdir(), `pishkhan-lighthouse-${process.pid}-${Date.now()}.json`);
  const given = process.env.LIGHTHOUSE;
  const [command, first] = given ? ['node', [given]] : ['npx', ['--yes', `lighthouse@${LIGHTHOUSE_VERSION}`]];
  const args = [
    ...first,
    url,
    `--port=${port}`,
    '--only-categories=performance,accessibility,best-practices',
    '--output=json',
    `--output-path=${out}`,
    '--quiet',
    ...(keepStorage ? ['--disable-storage-reset'] : []),
  ];
  let run = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  // Under load Chromium's trace sometimes misses the navigation (NO_NAVSTART, NO_FCP) or a protocol
  // call times out: Lighthouse fails the run, which says nothing about the page. It is run again,
  // twice at most, whatever the failure, and each failure's reason is printed.
  for (let retry = 1; retry <= 2 && run.status !== 0; retry++) {
    const reason = /\(([A-Z_]{4,})\)/.exec(run.stderr)?.[1] ?? run.stderr.trim().split('\n').at(-1)?.slice(0, 200) ?? 'no output';
    console.log(`  (Lighthouse failed, status ${run.status ?? run.signal}: ${reason}; run ${retry + 1})`);
    run = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  }
  if (run.status !== 0)
    throw new Error(`lighthouse failed (${run.status ?? run.signal ?? run.error?.message}): ${run.stderr.slice(-2000)}`);
  try {
    return JSON.parse(readFileSync(out, 'utf8')) as Report;
  } finally {
    rmSync(out, { force: true });
  }
}

/** A category's score out of 100. */
export const scoreOf = (report: Report, category: string) => Math.round((report.categories[category]?.score ?? 0) * 100);

export function print(label: string, report: Report) {
  const scores = Object.entries(report.categories).map(([name, c]) => `${name} ${Math.round((c.score ?? 0) * 100)}`);
  console.log(`${label}\n  ${scores.join(' · ')}   (targets: performance ≥ 95, accessibility 100, best-practices 100)`);
  console.log(`  ${TIMINGS.map((id) => `${id.replace(/-/g, ' ')} ${report.audits[id]?.displayValue ?? '?'}`).join(' · ')}`);
  for (const [name, category] of Object.entries(report.categories)) {
    for (const ref of category.auditRefs) {
      const audit = report.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
        console.log(
          `    ${name}: ${audit.title} — ${Math.round(audit.score * 100)}${audit.displayValue ? ` (${audit.displayValue})` : ''}`,
        );
      }
    }
  }
}
