/**
 * Issue 14, item 9: names of people, panels and roles (every text field) are kept in NFC and
 * refuse bidi overrides and isolates, invisible characters and line breaks, which spoof names in
 * member lists and the audit log; the Persian half-space (ZWNJ) stays. REST, sync, panels and
 * profiles all go through the shared normaliser.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import { Role } from '../../src/contract/entities/panelManagement.ts';
import type { Row } from '../../src/contract/entity.ts';
import { panelEndpoints } from '../../src/contract/panels.ts';
import { sampleRegistration, startTestServer, type TestAccount, type TestServer } from './harness.ts';
import { openPanel, rest, type PanelCaller } from './panelsFixture.ts';
import { syncClient } from './syncFixture.ts';

let server: TestServer;
let owner: TestAccount;
let panel: PanelCaller;

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.createAccount();
  panel = await openPanel(server, owner);
});
afterAll(() => server.close());

const spoofs = ['مدیر\u202E', 'ad\u200Dmin', 'مدیر\u2066کل\u2069', 'first\nsecond', 'ad\u200Bmin', 'x\u0007'];

describe('a role name', () => {
  it.each(spoofs.map((s) => [JSON.stringify(s), s]))('with %s is refused over REST (9401, format)', async (_, name) => {
    const answer = await panel.call(rest.create(Role), { body: { id: randomUUID(), name } });
    expect(answer.status).toBe(400);
    expect(answer.body.errorData?.code).toBe(9401);
    expect(answer.body.data).toMatchObject({ fields: { name: 'format' } });
  });

  it('with a bidi override is rejected when pushed by sync', async () => {
    const answer = await syncClient(panel).push([
      { mutationId: 1, entity: Role.key, op: 'create', id: randomUUID(), values: { name: 'Admin\u202E' } },
    ]);
    expect(answer.body.data?.results[0]).toMatchObject({ status: 'rejected', code: 9401, fields: { name: 'format' } });
  });

  it('is kept in NFC with its half-spaces', async () => {
    const answer = await panel.call<Row>(rest.create(Role), { body: { id: randomUUID(), name: 'مدیر\u200Cها Jose\u0301' } });
    expect(answer.status).toBe(201);
    expect(answer.body.data?.name).toBe('مدیر\u200Cها José');
  });
});

describe('a panel name', () => {
  it('with a bidi override or a line break is refused, field by field', async () => {
    for (const name of ['Shop\u202Egnp.exe', 'Shop\nNew']) {
      const answer = await server.call(panelEndpoints.register, {
        token: owner.tokens.access_token,
        body: { name, icon: 'store', modules: [] },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.data).toMatchObject({ fields: { name: 'format' } });
    }
  });
});

describe("a person's name", () => {
  it('with a zero-width joiner or an override is refused (9401) and an NFC name kept', async () => {
    const person = await server.createAccount({ profile: false });
    for (const firstName of ['سا\u200Dرا', 'Sara\u202E']) {
      const answer = await server.call(endpoints.registrationProfile, {
        token: person.tokens.access_token,
        body: { ...sampleRegistration(), firstName },
      });
      expect(answer.body.errorData?.code).toBe(9401);
    }
    const saved = await server.call<{ firstName: string }>(endpoints.registrationProfile, {
      token: person.tokens.access_token,
      body: { ...sampleRegistration(), firstName: 'Jose\u0301' },
    });
    expect(saved.body.data?.firstName).toBe('José');
  });
});
