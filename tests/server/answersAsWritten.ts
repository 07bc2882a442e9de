/**
 * A guard for the routes' response schemas: fast-json-stringify writes only what a schema names
 * and coerces what it types, so a schema that forgot a field would silently cut it from answers.
 * Every answer the harness's app sends is compared with JSON.stringify of the same payload; a
 * difference fails the test that caused it (setup.ts).
 */
import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance, FastifyReply } from 'fastify';

const differences: string[] = [];

export function checkAnswersAsWritten(app: FastifyInstance): void {
  const plain = new WeakMap<FastifyReply, string>();
  app.addHook('preSerialization', async (_request, reply, payload) => {
    plain.set(reply, JSON.stringify(payload));
    return payload;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const expected = plain.get(reply);
    if (expected !== undefined && typeof payload === 'string' && !isDeepStrictEqual(JSON.parse(payload), JSON.parse(expected))) {
      differences.push(
        `${request.method} ${request.url} ${reply.statusCode}\n  sent:     ${payload.slice(0, 2000)}\n  expected: ${expected.slice(0, 2000)}`,
      );
    }
    return payload;
  });
}

/** The differences seen since the last call, emptied. */
export function takeAnswerDifferences(): string[] {
  return differences.splice(0);
}
