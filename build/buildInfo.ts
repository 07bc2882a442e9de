/**
 * The build's identity: an id from `BUILD_ID`, or a UTC timestamp with the commit's short hash
 * (random when there is no git), given to the client as `__BUILD_ID__` and written into the output
 * as `builds/latest.json` and `builds/meta/{id}.json` (spec section 7). A running app polls
 * `latest.json` and offers an update when the id differs from its own (src/pwa/buildPoll.ts).
 *
 * Both files carry what a client written to the spec reads from them, in the shape of the app
 * manifest the spec's client came from: `latest.json` is {id, time, timestamp}; the meta file adds
 * the route-rule matcher (empty: every route is static and rendered on the device) and the list of
 * prerendered routes (none). `timestamp` is the build time in milliseconds, `time` the same as ISO.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { Plugin } from 'vite';

export interface BuildInfo {
  id: string;
  time: string;
}

function shortHash(): string {
  const git = spawnSync('git', ['rev-parse', '--short=7', 'HEAD'], { encoding: 'utf8' });
  const commit = git.status === 0 ? git.stdout.trim() : '';
  return /^[0-9a-f]{7}$/.test(commit) ? commit : randomBytes(4).toString('hex').slice(0, 7);
}

/** `20261122T150501Z-3f9a1c2`: sorts by time, and names the commit it was built from. */
export function newBuildInfo(env: NodeJS.ProcessEnv = process.env, now = new Date()): BuildInfo {
  const time = now.toISOString();
  const stamp = time.replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  const given = env.BUILD_ID?.trim();
  if (given && !/^[\w.-]{1,100}$/.test(given)) throw new Error(`BUILD_ID may hold only letters, digits, ".", "_" and "-": ${given}`);
  return { id: given || `${stamp}-${shortHash()}`, time };
}

/** `builds/latest.json`: which build is deployed now. */
export function latestBuildFile(info: BuildInfo) {
  return { id: info.id, time: info.time, timestamp: Date.parse(info.time) };
}

/** `builds/meta/{id}.json`: one build's description. */
export function buildMetaFile(info: BuildInfo) {
  return { ...latestBuildFile(info), matcher: { static: {}, wildcard: {}, dynamic: {} }, prerendered: [] as string[] };
}

/** Emits the two build files beside the app (vite.config.ts defines `__BUILD_ID__` from the same info). */
export function buildInfoPlugin(info: BuildInfo): Plugin {
  return {
    name: 'pishkhan:build-info',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'builds/latest.json', source: `${JSON.stringify(latestBuildFile(info))}\n` });
      this.emitFile({ type: 'asset', fileName: `builds/meta/${info.id}.json`, source: `${JSON.stringify(buildMetaFile(info))}\n` });
    },
  };
}
