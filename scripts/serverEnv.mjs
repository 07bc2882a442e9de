/**
 * The environment the server process runs in, for `npm start` and for the benches that measure it
 * as `npm start` runs it.
 *
 * glibc's malloc raises its mmap threshold to the size of the largest block freed, up to 32 MB.
 * Each password hash (argon2id, 19 MiB, on one of libuv's four threads) frees such a block, after
 * which every thread's arena keeps its 19 MiB for good: a server at 300 MB grew to 430–470 MB after
 * twenty sign-ins and never gave it back (bench/memory.ts). A fixed threshold keeps large blocks
 * in their own mappings, returned to the system when freed. A deployment that starts the server
 * some other way (systemd, a container) sets the same variable.
 */
export const MALLOC_TUNABLE = 'glibc.malloc.mmap_threshold=131072';

/** `env` with the malloc tunable added to any GLIBC_TUNABLES it already has. */
export function serverEnv(env = process.env) {
  const tunables = env.GLIBC_TUNABLES ?? '';
  if (tunables.includes('glibc.malloc.mmap_threshold=')) return { ...env };
  return { ...env, GLIBC_TUNABLES: tunables ? `${tunables}:${MALLOC_TUNABLE}` : MALLOC_TUNABLE };
}
