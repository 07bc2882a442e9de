/**
 * No request a test makes may be answered 5xx: every answer of 500 or more that a harness app
 * sends is noted, and setup.ts fails the test that caused it. A test of the error handler itself
 * says so first (`allowServerErrors()`) and gets the answers it caused, for assertions.
 */
import type { FastifyInstance } from 'fastify';

const seen: string[] = [];
let allowed = false;

export function watchServerErrors(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 500) {
      const text = typeof payload === 'string' ? payload.slice(0, 500) : '';
      seen.push(`${request.method} ${request.url} → ${reply.statusCode} ${text}`);
    }
    return payload;
  });
}

/** Lets this test cause 5xx answers (a test of the 500 handler); answers those it caused. */
export function allowServerErrors(): { readonly answers: string[] } {
  allowed = true;
  return {
    get answers() {
      return [...seen];
    },
  };
}

/** The 5xx answers this test caused that it did not allow, emptied (and the allowance reset). */
export function takeServerErrors(): string[] {
  const unexpected = allowed ? [] : [...seen];
  seen.length = 0;
  allowed = false;
  return unexpected;
}
