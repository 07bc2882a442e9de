/**
 * Issue 14, item 13: a failed statement's error reaches the server log, and PGlite's errors carried
 * the statement's parameters (hashes, tokens, personal data) into it. The log keeps what failed,
 * never the values.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { allowServerErrors } from './serverErrors.ts';

const SECRET = 'a-secret-value-4411';
const lines: string[] = [];
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    logger: { level: 'error', stream: { write: (line: string) => lines.push(line) } },
    register(app) {
      app.get('/api/test/failing-statement', async (request) =>
        request.server.deps.db.query('SELECT $1::text AS value, 1 / 0 AS broken', [SECRET]),
      );
    },
  });
});
afterAll(() => server.close());

describe('an unforeseen database error', () => {
  it('is logged with what failed but without the parameters of the statement', async () => {
    allowServerErrors();
    const answer = await server.call({ method: 'GET', path: '/api/test/failing-statement' });
    expect(answer.status).toBe(500);
    expect(answer.body.errorData?.code).toBe(9102);
    const logged = lines.join('\n');
    expect(logged).toContain('division by zero');
    expect(logged).not.toContain(SECRET);
    expect(JSON.stringify(answer.body)).not.toContain(SECRET);
  });
});
