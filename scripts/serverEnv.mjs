/**
 * The environment the server process runs in, for `npm start` and for the benches that measure it
 * as `npm start` runs it. Two settings, each found with bench/memory.ts (docs/architecture.md,
 * "The server's memory"); a deployment that starts the server some other way (systemd, a
 * container) sets the same two variables.
 *
 * glibc's malloc raises its mmap threshold to the size of the largest block freed, up to 32 MB.
 * Each password hash (argon2id, 19 MiB, on one of libuv's four threads) frees such a block, after
 * which every thread's arena keeps its 19 MiB for good: a server at 300 MB grew to 430–470 MB after
 * twenty sign-ins and never gave it back. A fixed threshold keeps large blocks in their own
 * mappings, returned to the system when freed.
 *
 * V8's young generation grows to two semi-spaces of 16 MB each on a 64-bit machine, and stays
 * committed: 30–60 MB of resident memory for a server whose requests make little garbage that
 * lives. Semi-spaces of 4 MB keep the server 40–60 MB smaller with the same throughput.
 */
export const MALLOC_TUNABLE = 'glibc.malloc.mmap_threshold=131072';
export const NODE_HEAP_OPTION = '--max-semi-space-size=4';

/** `env` with both settings added to what GLIBC_TUNABLES and NODE_OPTIONS already hold. */
export function serverEnv(env = process.env) {
  const result = { ...env };
  const tunables = env.GLIBC_TUNABLES ?? '';
  if (!tunables.includes('glibc.malloc.mmap_threshold='))
    result.GLIBC_TUNABLES = tunables ? `${tunables}:${MALLOC_TUNABLE}` : MALLOC_TUNABLE;
  const nodeOptions = env.NODE_OPTIONS ?? '';
  if (!nodeOptions.includes('--max-semi-space-size'))
    result.NODE_OPTIONS = nodeOptions ? `${nodeOptions} ${NODE_HEAP_OPTION}` : NODE_HEAP_OPTION;
  return result;
}
