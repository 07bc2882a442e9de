/**
 * Serves the built PWA from `dist/`: hashed assets for a year (immutable), and `index.html`, the
 * service worker, the manifest and `builds/*.json` never from a cache without asking. A path with
 * no file extension is a client route and gets `index.html`; a missing file is a plain 404, so
 * a lost chunk fails loudly instead of parsing HTML as JavaScript.
 *
 * Text files go out as the brotli or gzip copy the build wrote beside them (build/compressAssets.ts),
 * whichever the browser accepts, else as they are; each copy is its own file, so its ETag (size and
 * time) is its own and a 304 answers only the encoding it was made for.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { Code } from '../src/contract/codes.ts';
import { failure } from './envelope.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** Whether an answer from this file depends on Accept-Encoding: it is a copy, or it has copies. */
function hasEncodings(path: string): boolean {
  return /\.(br|gz)$/.test(path) || existsSync(`${path}.br`) || existsSync(`${path}.gz`);
}

export async function serveClient(app: FastifyInstance, distDir: string): Promise<void> {
  const built = existsSync(join(distDir, 'index.html'));
  if (built) {
    // A range counts bytes of the file as stored, so it is answered from the file as it is.
    app.addHook('onRequest', (request, _reply, done) => {
      if (request.headers.range) delete request.headers['accept-encoding'];
      done();
    });
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      index: 'index.html',
      cacheControl: false,
      preCompressed: true,
      // A copy is served only beside its file: a chunk gone from the build stays a 404 even if a
      // stale .br or .gz of it were left behind.
      allowedPath: (pathname, root) => existsSync(join(root, pathname)),
      setHeaders(res, path) {
        const hashed = path.includes(`${join(distDir, 'assets')}/`);
        res.setHeader('Cache-Control', hashed ? IMMUTABLE : REVALIDATE);
        if (hasEncodings(path)) res.setHeader('Vary', 'Accept-Encoding');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = path.toLowerCase().startsWith('/api/') || path.toLowerCase() === '/api';
    const isClientRoute = !isApi && !/\.[a-z0-9]+$/i.test(path) && (request.method === 'GET' || request.method === 'HEAD');
    if (isClientRoute && built) {
      return reply.header('Cache-Control', REVALIDATE).type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply.status(404).send(failure(request, Code.NoneForRequest));
  });
}
