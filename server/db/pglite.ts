import { openCommitList, runCommitList } from './afterCommit.ts';
import { PGlite, types } from '@electric-sql/pglite';
import { int8, type Db, type Prepared, type Queryable } from './Db.ts';

// int8 as a number while exact (its text beyond); date as its 'YYYY-MM-DD' text (a JS Date would shift it by the time zone);
// numeric as its exact text (a JS number would round a quantity), as node-postgres gives it.
const parsers = {
  [types.INT8]: int8,
  [types.DATE]: (value: string) => value,
  [types.NUMERIC]: (value: string) => value,
};

/**
 * PostgreSQL's default 128 MB of shared buffers would live inside the server process's own
 * memory here; the operating system's file cache already keeps the data folder warm. 16 MB holds
 * a shop's working set; halving it from 32 MB took ~35 MB off a loaded server (bench/memory.ts).
 */
const postgresqlconf = ['shared_buffers=16MB'];

export interface PgliteOptions {
  /** A data folder to start from (a `dumpDataDir` tarball); tests start from a migrated one. */
  loadDataDir?: Blob;
  /** PGlite's WebAssembly, compiled already, and its file bundle, read already: a test process opens many databases. */
  pgliteWasmModule?: WebAssembly.Module;
  initdbWasmModule?: WebAssembly.Module;
  fsBundle?: Blob;
}

/** PGlite in `dataDir` (a folder), or in memory when `dataDir` is omitted (tests). */
export async function openPglite(dataDir?: string, options: PgliteOptions = {}): Promise<Db> {
  const pg = await PGlite.create({ ...(dataDir ? { dataDir } : {}), ...options, parsers, postgresqlconf });
  return wrapPglite(pg);
}

/**
 * PGlite hangs a failed statement's parameters on its error, and an error log would print them:
 * password and token hashes, personal data. The statement's text stays; its values go.
 */
function withoutParameters(error: unknown): unknown {
  if (typeof error === 'object' && error !== null && 'params' in error) delete (error as { params?: unknown }).params;
  return error;
}

export function wrapPglite(pg: PGlite): Db {
  const asQueryable = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<T>(sql: string | Prepared, params: readonly unknown[] = []) {
      try {
        return (await q.query<T>(typeof sql === 'string' ? sql : sql.text, params as unknown[])).rows;
      } catch (error) {
        throw withoutParameters(error);
      }
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  return {
    kind: 'pglite',
    ...asQueryable(pg),
    async transaction(work) {
      let open: Queryable | null = null;
      const result = await pg.transaction((tx) => {
        open = asQueryable(tx);
        openCommitList(open);
        return work(open);
      });
      if (open) runCommitList(open);
      return result;
    },
    close: () => pg.close(),
    // One engine in this process: the listener never loses its connection, so there is no gap.
    async listen(channel, onPayload) {
      const stop = await pg.listen(channel, onPayload);
      return async () => {
        if (!pg.closed) await stop();
      };
    },
  };
}
