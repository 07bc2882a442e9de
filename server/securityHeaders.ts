import { join, posix } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { followStyleHashes } from './inlineStyles.ts';

/**
 * No inline or foreign script: the PWA's scripts are files of its own origin; WebAssembly may be
 * compiled (the barcode scanner's ZXing reader, a file of ours too), JavaScript never. Style elements
 * only by the hash of their text: the stylesheet the build inlines into index.html
 * (server/inlineStyles.ts). No `style=""` attribute in markup either (no 'unsafe-inline' for
 * style-src-attr): React, Headless UI and the date picker set styles through the CSSOM
 * (`element.style`), which the policy does not govern, and no markup of ours (index.html, the SVG
 * of barcodes and badges put in as HTML) carries one.
 */
export const contentSecurityPolicy = (styleHashes: readonly string[] = []): string =>
  [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    ["style-src 'self'", ...styleHashes].join(' '),
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');

const everyAnswer = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(self), geolocation=(self), microphone=()',
};

/**
 * Whether a request URL reaches the API, judged as the router matches it: percent-encoding
 * decoded, repeated slashes folded, dot segments resolved, any case (`//api/…`, `/%61pi/…`).
 */
function isApiPath(url: string): boolean {
  const raw = url.split('?', 1)[0] ?? '';
  let path = raw;
  try {
    path = decodeURIComponent(raw);
  } catch {
    // Bad percent-encoding: the router refuses it too; judge it as written.
  }
  return /^\/api(\/|$)/i.test(posix.normalize(path.replace(/\/{2,}/g, '/')));
}

/**
 * Headers on every answer; `no-store` on every API answer, since they can carry tokens. The
 * policy's style hashes follow `distDir/index.html`, looked at again for each page answered.
 */
export function securityHeaders(app: FastifyInstance, distDir: string): void {
  const styleHashes = followStyleHashes(join(distDir, 'index.html'));
  let hashes = styleHashes();
  let policy = contentSecurityPolicy(hashes);
  // A callback hook, not an async one: it runs on every answer and needs no promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (String(reply.getHeader('content-type')).startsWith('text/html')) {
      const now = styleHashes();
      if (now !== hashes) policy = contentSecurityPolicy((hashes = now));
    }
    reply.headers(everyAnswer);
    reply.header('Content-Security-Policy', policy);
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (isApiPath(request.url)) reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });
}
