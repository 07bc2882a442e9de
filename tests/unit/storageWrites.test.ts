import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Code } from '../../src/contract/codes.ts';
import { Activity, Member, Role } from '../../src/contract/entities/panelManagement.ts';
import type { Row } from '../../src/contract/entity.ts';
import { createRow, deleteRow, updateRow, ValidationError, writeRows } from '../../src/storage/localWrites.ts';
import { PanelDb } from '../../src/storage/PanelDb.ts';
import { reconcileRows } from '../../src/storage/reconcile.ts';

let db: PanelDb;
let n = 0;

beforeEach(async () => {
  db = new PanelDb(`writes-test-${++n}-${Math.random()}`);
  await db.open();
});

afterEach(() => db.close());

function serverRole(id: string, version: number, name = 'Sales'): Row {
  return {
    id,
    version,
    updatedAt: '2026-01-01T00:00:00.000Z',
    deleted: false,
    name,
    description: null,
    parentRoleId: null,
    permissions: [],
  };
}

async function storeFromServer(row: Row): Promise<void> {
  await db.transaction('rw', [db.rows(Role), db.outbox], () => reconcileRows(db, Role, [row.id], new Map([[row.id, row]])));
}

describe('writing rows on this device', () => {
  it('queues a create in the outbox and shows the row at once', async () => {
    const row = await createRow(db, Role, { name: '  Sales  ', permissions: ['PanelManagement.Role.read'] });
    expect(row).toMatchObject({ name: 'Sales', version: 0, deleted: false, description: null, _server: null, _pending: 1 });
    expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ mutationId: 1, entity: 'PanelManagement/Role', op: 'create', id: row.id, values: { name: 'Sales' } });
    expect(entry?.baseVersion).toBeUndefined();
  });

  it('commits the row and its outbox entry in one transaction with strict durability', async () => {
    // Dexie binds the IndexedDB connection's `transaction` when it opens, so watch before opening.
    db.close();
    const spy = vi.spyOn(IDBDatabase.prototype, 'transaction');
    db = new PanelDb(`writes-durability-${Math.random()}`);
    await createRow(db, Role, { name: 'Sales' });
    const writes = spy.mock.calls.filter(([stores, mode]) => mode === 'readwrite' && [...(stores as Iterable<string>)].includes('outbox'));
    expect(writes).toHaveLength(1);
    const [stores, , options] = writes[0]!;
    expect([...(stores as Iterable<string>)]).toEqual(expect.arrayContaining(['outbox', Role.table, 'syncState']));
    expect(options).toEqual({ durability: 'strict' });
  });

  it('keeps neither the row nor the outbox entry when the row cannot be written', async () => {
    db.rows(Role).hook('creating', () => {
      throw new Error('disk full');
    });
    await expect(createRow(db, Role, { name: 'Sales' })).rejects.toThrow('disk full');
    expect(await db.outbox.count()).toBe(0);
    expect(await db.rows(Role).count()).toBe(0);
    // The mutation id was not used up either.
    expect((await db.syncState.get('state'))?.nextMutationId ?? 1).toBe(1);
  });

  it('keeps neither when the outbox entry cannot be written', async () => {
    await db.outbox.add({ mutationId: 1, entity: Role.key, op: 'delete', id: 'x', at: '' });
    await expect(createRow(db, Role, { name: 'Sales' })).rejects.toThrow();
    expect(await db.rows(Role).count()).toBe(0);
  });

  it('bases queued updates and deletes on the server version plus the earlier queued writes to the row', async () => {
    await storeFromServer(serverRole('r1', 3));
    await updateRow(db, Role, 'r1', { name: 'Sales team' });
    await updateRow(db, Role, 'r1', { description: 'Front desk' });
    await deleteRow(db, Role, 'r1');
    expect((await db.outbox.orderBy('mutationId').toArray()).map((e) => [e.op, e.baseVersion])).toEqual([
      ['update', 3],
      ['update', 4],
      ['delete', 5],
    ]);
  });

  it('bases an update of a row created here and not yet synced on version 1 (the version its create makes)', async () => {
    const row = await createRow(db, Role, { name: 'Sales' });
    await updateRow(db, Role, row.id, { name: 'Sales team' });
    expect((await db.outbox.orderBy('mutationId').toArray()).map((e) => e.baseVersion)).toEqual([undefined, 1]);
  });

  it('queues only the fields that changed, and nothing when nothing did', async () => {
    await storeFromServer(serverRole('r1', 1));
    await updateRow(db, Role, 'r1', { name: 'Sales', description: 'Desk' });
    await updateRow(db, Role, 'r1', { name: 'Sales', description: 'Desk' });
    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]?.values).toEqual({ description: 'Desk' });
  });

  it('hides a deleted row at once and keeps it until the server confirms', async () => {
    await storeFromServer(serverRole('r1', 1));
    await deleteRow(db, Role, 'r1');
    expect(await db.rows(Role).get('r1')).toMatchObject({ deleted: true, _pending: 1 });
  });

  it('refuses values the declaration refuses, with the fields and the catalogue code', async () => {
    const refused = await createRow(db, Member, { login: '', roleId: 'not-a-uuid' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ValidationError);
    expect((refused as ValidationError).fields).toEqual({ login: 'required', roleId: 'format' });
    expect([Code.BadRequest, Code.IdNotRegistered]).toContain((refused as ValidationError).code);
    expect(await db.outbox.count()).toBe(0);
  });

  it('refuses a value a unique field already has on this device (9107)', async () => {
    await createRow(db, Role, { name: 'Sales' });
    const refused = await createRow(db, Role, { name: ' Sales ' }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: Code.AlreadyExists, fields: { name: 'unique' } });
    // The server compares exactly; so does this device.
    await expect(createRow(db, Role, { name: 'sales' })).resolves.toMatchObject({ name: 'sales' });
  });

  it('never writes an entity only the server writes (the audit log)', async () => {
    await expect(createRow(db, Activity, { actorName: 'x' })).rejects.toMatchObject({ code: Code.InvalidOperation });
  });

  it('tells the sync engine after each queued write', async () => {
    const heard = vi.fn();
    db.onLocalWrite(heard);
    const row = await createRow(db, Role, { name: 'Sales' });
    await updateRow(db, Role, row.id, { name: 'Sales' });
    expect(heard).toHaveBeenCalledTimes(1);
  });
});

describe('writing a batch of rows in one transaction (an import)', () => {
  it('queues the same outbox entries and rows as one write each, in order', async () => {
    await storeFromServer(serverRole('r1', 3));
    const answers = await writeRows(db, Role, [
      { op: 'create', id: 'n1', values: { name: 'Stock', permissions: [] } },
      { op: 'update', id: 'r1', values: { description: 'Front desk' } },
      { op: 'update', id: 'r1x', values: { description: 'gone' } },
      { op: 'create', id: 'n2', values: { name: 'Books', permissions: [] } },
    ]);
    expect(answers.map((a) => (a ? (a as ValidationError).code : null))).toEqual([null, null, Code.NotFound, null]);
    expect((await db.outbox.orderBy('mutationId').toArray()).map((e) => [e.mutationId, e.op, e.id, e.baseVersion, e.dependsOn])).toEqual([
      [1, 'create', 'n1', undefined, undefined],
      [2, 'update', 'r1', 3, undefined],
      [3, 'create', 'n2', undefined, undefined],
    ]);
    expect(await db.rows(Role).get('r1')).toMatchObject({ description: 'Front desk', _pending: 1, version: 3 });
    expect(await db.rows(Role).get('n2')).toMatchObject({ name: 'Books', _pending: 1 });
    expect((await db.syncState.get('state'))?.nextMutationId).toBe(4);
    // A later single write follows on.
    await updateRow(db, Role, 'r1', { name: 'Front' });
    expect((await db.outbox.get(4))?.baseVersion).toBe(4);
    expect((await db.outbox.get(4))?.dependsOn).toBe(2);
  });

  it('refuses a unique value an earlier write of the batch took, and frees one an earlier write gave up', async () => {
    await storeFromServer(serverRole('r1', 1, 'Sales'));
    const answers = await writeRows(db, Role, [
      { op: 'create', id: 'a', values: { name: 'Stock', permissions: [] } },
      { op: 'create', id: 'b', values: { name: 'Stock', permissions: [] } },
      { op: 'update', id: 'r1', values: { name: 'Sales team' } },
      { op: 'create', id: 'c', values: { name: 'Sales', permissions: [] } },
      { op: 'create', id: 'd', values: { name: 'Sales team', permissions: [] } },
    ]);
    expect(answers.map((a) => (a ? (a as ValidationError).fields : null))).toEqual([
      null,
      { name: 'unique' },
      null,
      null,
      { name: 'unique' },
    ]);
    expect((await db.rows(Role).toArray()).map((r) => r.name).sort()).toEqual(['Sales', 'Sales team', 'Stock']);
  });

  it('writes one row twice in a batch one after the other', async () => {
    await storeFromServer(serverRole('r1', 2));
    await writeRows(db, Role, [
      { op: 'update', id: 'r1', values: { description: 'one' } },
      { op: 'update', id: 'r1', values: { description: 'one' } },
      { op: 'update', id: 'r1', values: { description: 'two' } },
    ]);
    expect((await db.outbox.orderBy('mutationId').toArray()).map((e) => [e.baseVersion, e.dependsOn, e.values])).toEqual([
      [2, undefined, { description: 'one' }],
      [3, 1, { description: 'two' }],
    ]);
  });
});
