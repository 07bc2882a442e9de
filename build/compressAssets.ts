/**
 * Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside every text file of
 * the build, after everything else (the service worker included) is written. The server sends
 * whichever the browser accepts (server/static.ts), so the slow work happens once, here, and not
 * per request. A copy is kept only when it is smaller than the file; fonts and images are
 * compressed already.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|ico|txt|wasm)$/;
/** Below this a compressed copy saves next to nothing. */
const MIN_BYTES = 512;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)])));
  return nested.flat();
}

/** Writes the copies worth keeping; answers the size sent per encoding. */
async function compressFile(path: string): Promise<{ raw: number; br: number; gz: number }> {
  const data = await readFile(path);
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzipped(data, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  // The server's ETag is the served file's size and time: a brotli copy exactly as large as the
  // gzip one would gain nothing and could share its ETag, so it is not written.
  const keepBr = br.length < data.length && br.length !== gz.length;
  const keepGz = gz.length < data.length;
  await Promise.all([keepBr && writeFile(`${path}.br`, br), keepGz && writeFile(`${path}.gz`, gz)]);
  return { raw: data.length, br: keepBr ? br.length : data.length, gz: keepGz ? gz.length : data.length };
}

export interface Compressed {
  files: number;
  raw: number;
  br: number;
  gz: number;
}

/** Writes the `.br` and `.gz` copies of every text file under `dir` (a build's output folder). */
export async function compressFolder(dir: string): Promise<Compressed> {
  const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.test(file));
  const sizes = await Promise.all(files.map(async (file) => ((await stat(file)).size >= MIN_BYTES ? compressFile(file) : null)));
  const done = sizes.filter((s) => s !== null);
  const total = (key: 'raw' | 'br' | 'gz') => done.reduce((n, s) => n + s[key], 0);
  return { files: done.length, raw: total('raw'), br: total('br'), gz: total('gz') };
}

export function compressAssets(): Plugin {
  let outDir = '';
  return {
    name: 'pishkhan:compress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      // After vite-plugin-pwa's closeBundle, which writes sw.js.
      order: 'post',
      sequential: true,
      async handler() {
        const done = await compressFolder(outDir);
        this.info(`compressed ${done.files} files: ${kb(done.raw)} → ${kb(done.br)} brotli, ${kb(done.gz)} gzip`);
      },
    },
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
