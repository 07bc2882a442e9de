/**
 * A newly declared entity gets its table from the generator and the declaration's rules from the
 * one mutation path, with no code of its own: shown with an entity declared only in this test.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../src/contract/codes.ts';
import { entities } from '../../src/contract/modules.ts';
import { defineEntity, permission, actions } from '../../src/contract/entity.ts';
import { applyMutation, type MutationRequest } from '../../server/entities/applyMutation.ts';
import { statusOfRejection } from '../../server/entities/mutationReply.ts';
import { desiredSchema } from '../../server/entities/schema.ts';
import { schemaChange } from '../../server/entities/schemaMigration.ts';
import type { PanelAccess } from '../../server/panels/panelAccess.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { openPanel } from './panelsFixture.ts';

const label = (message: string) => ({ id: `test.${message}`, message });

const Contact = defineEntity({
  module: 'HumanResource',
  name: 'Contact',
  label: label('Contact'),
  pluralLabel: label('Contacts'),
  fields: {
    name: { kind: 'text', label: label('name'), required: true },
    email: { kind: 'email', label: label('email') },
    mobile: { kind: 'mobile', label: label('mobile') },
    nationalId: { kind: 'nationalId', label: label('nationalId') },
    postalCode: { kind: 'postalCode', label: label('postalCode') },
    birthDay: { kind: 'date', label: label('birthDay') },
    lastSeen: { kind: 'dateTime', label: label('lastSeen') },
    credit: { kind: 'money', label: label('credit') },
    rating: { kind: 'decimal', label: label('rating') },
    visits: { kind: 'integer', label: label('visits') },
    active: { kind: 'boolean', label: label('active') },
    tier: { kind: 'select', label: label('tier'), options: [{ value: 'gold', label: label('gold') }] },
  },
  titleField: 'name',
  listFields: ['name'],
  searchFields: ['name'],
  indexes: ['mobile'],
  defaultSort: { field: 'name', direction: 'asc' },
});

let server: TestServer;
let access: PanelAccess;
let userId: string;

beforeAll(async () => {
  server = await startTestServer();
  const change = schemaChange(desiredSchema(entities()), desiredSchema([...entities(), Contact]));
  await server.db.exec(change.sql.join('\n'));
  const owner = await server.createAccount();
  const panel = await openPanel(server, owner);
  const [row] = await server.db.query<{ id: string }>('SELECT id FROM panels WHERE code = $1', [panel.code]);
  userId = owner.userId;
  access = {
    id: row!.id,
    code: panel.code,
    isOwner: true,
    permissions: new Set(actions.map((a) => permission(Contact, a))),
    granted: new Set(),
    roleName: null,
    memberId: null,
    roleId: null,
    actorName: 'Owner',
    modules: ['WarehousingMVM'],
  };
});
afterAll(async () => {
  await server.close();
});

function apply(m: Omit<MutationRequest, 'entity'>) {
  return server.db.transaction((tx) =>
    applyMutation({ tx, access, userId, now: new Date(server.clock.now()), lang: 'en' }, { entity: Contact, ...m }),
  );
}

describe('rules from the declaration alone', () => {
  it('stores every field kind in its canonical form and reads it back in wire form', async () => {
    const outcome = await apply({
      op: 'create',
      id: randomUUID(),
      values: {
        name: '  Sara  ',
        email: 'Sara@Example.COM',
        mobile: '+98 912 000 1234',
        nationalId: '۰۰۸۴۵۷۵۹۴۸',
        postalCode: '12345-67890',
        birthDay: '۱۹۹۰-۰۳-۲۱',
        lastSeen: '2026-11-22T12:30:00+03:30',
        credit: 8_000_000_000_000_000,
        rating: 4.5,
        active: true,
        tier: 'gold',
      },
    });
    expect(outcome).toMatchObject({
      status: 'applied',
      code: Code.Created,
      row: {
        name: 'Sara',
        email: 'sara@example.com',
        mobile: '09120001234',
        nationalId: '0084575948',
        postalCode: '1234567890',
        birthDay: '1990-03-21',
        lastSeen: '2026-11-22T09:00:00.000Z',
        credit: 8_000_000_000_000_000,
        // An exact quantity comes back as its canonical text, never a float.
        rating: '4.500',
        active: true,
        tier: 'gold',
        version: 1,
      },
    });
  });

  it('answers a bad e-mail with 121 and a bad mobile with 122, each with its field, as 400 over REST', async () => {
    const email = await apply({ op: 'create', id: randomUUID(), values: { name: 'x', email: 'not-an-email' } });
    expect(email).toMatchObject({ status: 'rejected', code: Code.InvalidEmail, fields: { email: 'format' } });
    const mobile = await apply({ op: 'create', id: randomUUID(), values: { name: 'x', mobile: '0912' } });
    expect(mobile).toMatchObject({ status: 'rejected', code: Code.InvalidMobile, fields: { mobile: 'format' } });
    expect(statusOfRejection(Code.InvalidEmail)).toBe(400);
    expect(statusOfRejection(Code.InvalidMobile)).toBe(400);
  });

  it('refuses values outside the declared options and kinds with 9401', async () => {
    const outcome = await apply({
      op: 'create',
      id: randomUUID(),
      values: { name: 'x', tier: 'platinum', active: 'yes', birthDay: '2025-02-30' },
    });
    expect(outcome).toMatchObject({
      status: 'rejected',
      code: Code.BadRequest,
      fields: { tier: 'option', active: 'type', birthDay: 'format' },
    });
  });

  it('refuses what a column cannot hold (a NUL character, a whole number beyond integer) before writing', async () => {
    const outcome = await apply({ op: 'create', id: randomUUID(), values: { name: 'nul\u0000here', visits: 3_000_000_000 } });
    expect(outcome).toMatchObject({ status: 'rejected', code: Code.BadRequest, fields: { name: 'format', visits: 'range' } });
  });

  it('leaves no trace of a rejected write and keeps the transaction usable for the next one', async () => {
    const id = randomUUID();
    const [rejected, applied] = await server.db.transaction(async (tx) => {
      const ctx = { tx, access, userId, now: new Date(server.clock.now()), lang: 'en' as const };
      return [
        await applyMutation(ctx, { entity: Contact, op: 'create', id, values: { name: 'y', mobile: 'bad' } }),
        await applyMutation(ctx, { entity: Contact, op: 'create', id, values: { name: 'y' } }),
      ];
    });
    expect(rejected.status).toBe('rejected');
    expect(applied).toMatchObject({ status: 'applied', row: { id, version: 1 } });
  });
});
