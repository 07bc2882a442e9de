/**
 * Serves the built PWA from `dist/`: hashed assets for a year (immutable), and `index.html`, the
 * service worker, the manifest and `builds/*.json` never from a cache without asking. A path with
 * no file extension is a client route and gets `index.html`; a missing file is a plain 404, so
 * a lost chunk fails loudly instead of parsing HTML as JavaScript.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { Code } from '../src/contract/codes.ts';
import { failure } from './envelope.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

export async function serveClient(app: FastifyInstance, distDir: string): Promise<void> {
  const built = existsSync(join(distDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      index: 'index.html',
      cacheControl: false,
      preCompressed: false,
      setHeaders(res, path) {
        const hashed = path.includes(`${join(distDir, 'assets')}/`);
        res.setHeader('Cache-Control', hashed ? IMMUTABLE : REVALIDATE);
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
