import { describe, expect, it } from 'vitest';
import { MALLOC_TUNABLE, NODE_HEAP_OPTION, serverEnv } from '../../scripts/serverEnv.mjs';

describe('the environment npm start gives the server', () => {
  it('adds the malloc threshold and the small young generation', () => {
    const env = serverEnv({ PATH: '/usr/bin' });
    expect(env).toEqual({ PATH: '/usr/bin', GLIBC_TUNABLES: MALLOC_TUNABLE, NODE_OPTIONS: NODE_HEAP_OPTION });
  });

  it('keeps what the environment already holds and adds to it', () => {
    const env = serverEnv({ GLIBC_TUNABLES: 'glibc.malloc.arena_max=2', NODE_OPTIONS: '--enable-source-maps' });
    expect(env.GLIBC_TUNABLES).toBe(`glibc.malloc.arena_max=2:${MALLOC_TUNABLE}`);
    expect(env.NODE_OPTIONS).toBe(`--enable-source-maps ${NODE_HEAP_OPTION}`);
  });

  it('leaves a value the operator chose alone', () => {
    const chosen = { GLIBC_TUNABLES: 'glibc.malloc.mmap_threshold=65536', NODE_OPTIONS: '--max-semi-space-size=16' };
    expect(serverEnv(chosen)).toEqual(chosen);
  });
});
