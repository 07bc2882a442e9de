/**
 * Personnel's first and last name (issue 24): the server keeps `name` as the two joined on every
 * write, whatever the write says of it; people written before the parts existed get them from
 * the migration, split at the last word, and devices pull the change.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../../../src/contract/codes.ts';
import type { Row } from '../../../../src/contract/entity.ts';
import { startTestServer, type TestServer } from '../../../../tests/server/harness.ts';
import { createRow, openPanel, rest, type PanelCaller } from '../../../../tests/server/panelsFixture.ts';
import { Personnel } from '../../entities/masterData.ts';

let server: TestServer;
let owner: PanelCaller;
const policy = { methods: ['phoneFence'], active: true };

beforeAll(async () => {
  server = await startTestServer();
  owner = await openPanel(server, await server.createAccount(), 'حضور و غیاب', ['PanelManagement', 'HumanResource']);
});

afterAll(async () => {
  await server?.close();
});

const read = async (id: string) => (await owner.call<Row>(rest.get(Personnel, id))).body.data!;

describe('personnel names', () => {
  it('keep name as the first and last name joined, on create and on every update', async () => {
    const maryam = await createRow(owner, Personnel, {
      firstName: ' مریم ',
      lastName: 'کریمی',
      name: 'نام دیگری',
      code: `P-${randomUUID().slice(0, 6)}`,
      ...policy,
    });
    expect(maryam).toMatchObject({ firstName: 'مریم', lastName: 'کریمی', name: 'مریم کریمی' });
    await owner.call(rest.update(Personnel, maryam.id), { body: { version: maryam.version, lastName: 'احمدی' } });
    const renamed = await read(maryam.id);
    expect(renamed.name).toBe('مریم احمدی');
    await owner.call(rest.update(Personnel, maryam.id), { body: { version: renamed.version, name: 'کسی دیگر' } });
    expect((await read(maryam.id)).name).toBe('مریم احمدی');
  });

  it('need both parts', async () => {
    const answer = await owner.call(rest.create(Personnel), { body: { id: randomUUID(), name: 'فقط نام کامل', code: 'P-X', ...policy } });
    expect(answer.body).toMatchObject({
      errorData: { code: Code.BadRequest },
      data: { fields: { firstName: 'required', lastName: 'required' } },
    });
  });

  it('come from the migration for people written whole, and devices hear of it', async () => {
    const three = await createRow(owner, Personnel, { firstName: 'x', lastName: 'y', code: `P-${randomUUID().slice(0, 6)}`, ...policy });
    const one = await createRow(owner, Personnel, { firstName: 'x', lastName: 'y', code: `P-${randomUUID().slice(0, 6)}`, ...policy });
    await server.db.query(`UPDATE ${Personnel.table} SET first_name = NULL, last_name = NULL, name = $2 WHERE id = $1`, [
      three.id,
      ' محمد  رضا احمدی ',
    ]);
    await server.db.query(`UPDATE ${Personnel.table} SET first_name = NULL, last_name = NULL, name = $2 WHERE id = $1`, [
      one.id,
      'پذیرفته',
    ]);
    await server.db.exec(readFileSync(join(import.meta.dirname, '../../server/migrations/001_personnel_first_last_name.sql'), 'utf8'));
    expect(await read(three.id)).toMatchObject({ firstName: 'محمد رضا', lastName: 'احمدی', version: three.version + 1 });
    expect(await read(one.id)).toMatchObject({ firstName: 'پذیرفته', lastName: null, name: 'پذیرفته' });
    const changes = await server.db.query<{ row_id: string }>(
      `SELECT row_id FROM sync_changes WHERE entity = 'HumanResource/Personnel' AND row_id = ANY($1)`,
      [[three.id, one.id]],
    );
    expect(changes.map((r) => r.row_id).sort()).toEqual([three.id, one.id].sort());
  });
});
