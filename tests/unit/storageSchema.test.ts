import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { entities } from '../../src/contract/modules.ts';
import { Member, Role } from '../../src/contract/entities/panelManagement.ts';
import { defineEntity } from '../../src/contract/entity.ts';
import { StockValuation } from '../../modules/WarehousingMVM/entities/stock.ts';
import { sortsByTitle } from '../../src/contract/list.ts';
import { PanelDb, panelDbName, userDbPrefix } from '../../src/storage/PanelDb.ts';
import { deriveStores, schemaVersion } from '../../src/storage/panelDbSchema.ts';

let n = 0;
const freshName = () => `schema-test-${++n}-${Math.random()}`;

describe('the panel database schema', () => {
  it('has one table per declared entity, keyed by id, with its declared indexes, and the title and updatedAt indexed only where lists order by them', () => {
    const stores = deriveStores(entities());
    for (const entity of entities()) {
      const spec = stores[entity.table]!.split(', ');
      expect(spec[0]).toBe('id');
      expect(spec.includes('updatedAt')).toBe(entity.defaultSort.field === 'updatedAt' || entity.indexes.includes('updatedAt'));
      expect(spec.includes('_sort')).toBe(sortsByTitle(entity));
      for (const index of entity.indexes) expect(spec.some((s) => s.replace(/^\*/, '') === index)).toBe(true);
    }
    // Titled by a product (a reference), stock values are never read in title order.
    expect(deriveStores([StockValuation])[StockValuation.table]).toBe('id, productId');
    expect(Object.keys(stores).sort()).toEqual(
      [...entities().map((e) => e.table), 'outbox', 'problems', 'seen', 'syncState', 'totals'].sort(),
    );
  });

  it('follows the declarations: a new entity gets a table of its own', () => {
    const Shelf = defineEntity({
      module: 'WarehousingMVM',
      name: 'Shelf',
      label: { id: 'x', message: 'Shelf' },
      pluralLabel: { id: 'y', message: 'Shelves' },
      fields: { code: { kind: 'text', label: { id: 'z', message: 'Code' } } },
      titleField: 'code',
      listFields: ['code'],
      searchFields: ['code'],
      indexes: ['code'],
      defaultSort: { field: 'code', direction: 'asc' },
    });
    expect(deriveStores([Shelf]).e_warehousing_mvm_shelf).toBe('id, _sort, code');
  });

  it('gains a newly declared entity’s table and index in an existing database by a version it generates, its data intact', async () => {
    const name = freshName();
    const before = new PanelDb(name);
    await before.open();
    await before
      .rows(Role)
      .put({ id: 'r1', version: 1, updatedAt: '', deleted: false, name: 'Sales', _pending: 0, _search: 'sales' } as never);
    before.close();
    const Bin = defineEntity({
      module: 'WarehousingMVM',
      name: 'Bin',
      label: { id: 'x', message: 'Bin' },
      pluralLabel: { id: 'y', message: 'Bins' },
      fields: { code: { kind: 'text', label: { id: 'z', message: 'Code' } } },
      titleField: 'code',
      listFields: ['code'],
      searchFields: ['code'],
      indexes: ['code'],
      defaultSort: { field: 'code', direction: 'asc' },
    });
    const after = new PanelDb(name, { entities: [...entities(), Bin] });
    await after.open();
    expect(after.verno).toBe(schemaVersion(deriveStores([...entities(), Bin])));
    expect(after.verno).toBeGreaterThan(schemaVersion(deriveStores(entities())));
    expect(after.rows(Bin).schema.indexes.map((i) => i.name)).toContain('code');
    await after.rows(Bin).put({ id: 'b1', version: 1, updatedAt: '', deleted: false, code: 'A-01', _pending: 0, _search: 'a-01' } as never);
    expect(await after.rows(Bin).where('code').equals('A-01').count()).toBe(1);
    expect(await after.rows(Role).get('r1')).toMatchObject({ name: 'Sales' });
    after.close();
  });

  it('opens with the declared indexes in IndexedDB', async () => {
    const db = new PanelDb(freshName());
    await db.open();
    expect(db.verno).toBe(schemaVersion(deriveStores(entities())));
    const table = db.rows(Role);
    expect(table.schema.primKey.name).toBe('id');
    expect(table.schema.indexes.map((i) => i.name).sort()).toEqual(['_sort', 'name', 'parentRoleId']);
    db.close();
  });

  it('upgrades a version 1 database to the current one with every row and queued change intact', async () => {
    const name = freshName();
    const v1 = new PanelDb(name, { versions: [{ version: 1 }] });
    await v1.open();
    const server = {
      id: 'a1',
      version: 2,
      updatedAt: '2026-01-01T00:00:00.000Z',
      deleted: false,
      name: 'مديران فروش',
      description: null,
      parentRoleId: null,
      permissions: [],
    };
    await v1.rows(Role).put({ ...server, _server: server, _pending: 1 } as never);
    await v1.outbox.add({
      mutationId: 7,
      entity: Role.key,
      op: 'update',
      id: 'a1',
      baseVersion: 2,
      values: { name: 'مديران فروش' },
      at: '2026-01-01T00:00:00.000Z',
    });
    await v1.syncState.put({ key: 'state', clientId: 'c1', nextMutationId: 8, cursor: 41, lastSyncAt: null, accessHash: 'h' });
    v1.close();

    const current = new PanelDb(name);
    await current.open();
    expect(current.verno).toBe(schemaVersion(deriveStores(entities())));
    const row = await current.rows(Role).get('a1');
    expect(row).toMatchObject({ name: 'مديران فروش', version: 2, _pending: 1, _server: server });
    // Version 2 added the normalised search text (Arabic yeh becomes Persian yeh).
    expect(row?._search).toContain('مدیران فروش');
    expect(await current.outbox.toArray()).toHaveLength(1);
    // Version 3 pulls again from the start (see the next test).
    expect(await current.syncState.get('state')).toMatchObject({ clientId: 'c1', nextMutationId: 8, cursor: 0 });
    current.close();
  });

  it("upgrades to version 3 forgetting what the server no longer sends: a member's account id and mobile", async () => {
    const name = freshName();
    const v2 = new PanelDb(name, { versions: [{ version: 1 }, { version: 2 }] });
    await v2.open();
    const server = {
      id: 'm1',
      version: 1,
      updatedAt: '2026-01-01T00:00:00.000Z',
      deleted: false,
      login: 'sara',
      roleId: 'r1',
      userId: 'u-1',
      displayName: 'سارا',
      mobile: '09120000000',
    };
    await v2.rows(Member).put({ ...server, _server: server, _pending: 1, _search: '' } as never);
    await v2.syncState.put({ key: 'state', clientId: 'c1', nextMutationId: 2, cursor: 41, lastSyncAt: null, accessHash: 'h' });
    v2.close();

    const current = new PanelDb(name);
    await current.open();
    const row = await current.rows(Member).get('m1');
    expect(row).toMatchObject({ login: 'sara', displayName: 'سارا' });
    expect(row).not.toHaveProperty('userId');
    expect(row).not.toHaveProperty('mobile');
    expect(row?._server).not.toHaveProperty('userId');
    expect((await current.syncState.get('state'))?.cursor).toBe(0);
    current.close();
  });

  it('upgrades to version 10,000 giving every row its title’s sort key, so rows can be read in title order a page at a time', async () => {
    const name = freshName();
    const v3 = new PanelDb(name, { versions: [{ version: 1 }, { version: 2 }, { version: 3 }] });
    await v3.open();
    const role = (id: string, title: string) => ({
      id,
      version: 1,
      updatedAt: '2026-01-01T00:00:00.000Z',
      deleted: false,
      name: title,
      description: null,
      parentRoleId: null,
      permissions: [],
      _pending: 0,
      _search: '',
    });
    // Dictionary order is ب, پ, ت; code-point order would put پ after ت.
    await v3.rows(Role).bulkPut([role('a', 'تدارکات'), role('b', 'پشتیبانی'), role('c', 'بازرگانی')] as never);
    await v3
      .rows(Role)
      .put({ id: 'gone', version: 2, updatedAt: '2026-01-01T00:00:00.000Z', deleted: true, _pending: 0, _search: '' } as never);
    v3.close();

    const current = new PanelDb(name);
    await current.open();
    expect((await current.rows(Role).orderBy('_sort').toArray()).map((r) => r.name)).toEqual(['بازرگانی', 'پشتیبانی', 'تدارکات']);
    // A deleted row's tombstone has no title, and no place in that order.
    expect(await current.rows(Role).get('gone')).not.toHaveProperty('_sort');
    current.close();
  });

  it('upgrades to version 20,000 keeping a sort key only on rows with a text title, and dropping the indexes no query reads', async () => {
    const name = freshName();
    // A device of decision 051: `updatedAt` and `_sort` indexed everywhere, stock values by warehouse too.
    const old = new Dexie(name);
    old.version(10_050).stores({
      ...deriveStores([Role, StockValuation]),
      [Role.table]: 'id, updatedAt, _sort, name, parentRoleId',
      [StockValuation.table]: 'id, updatedAt, _sort, productId, warehouseId',
    });
    await old.open();
    const meta = { version: 1, updatedAt: '2026-01-01T00:00:00.000Z', deleted: false, _pending: 0, _search: '' };
    const role = (id: string, title: string) => ({ ...meta, id, name: title, description: null, parentRoleId: null, permissions: [] });
    const server = role('pending', 'انبار');
    await old.table(Role.table).bulkPut([
      { ...role('named', 'فروش'), _sort: 'old key' },
      { ...role('untitled', ''), _sort: '' },
      { ...role('pending', 'انبارها'), _server: server, _pending: 1, _sort: 'old key' },
    ]);
    const value = { ...meta, id: 'v1', productId: 'p-1', warehouseId: 'w-1', quantity: '2.000', value: 500, _sort: 'p-1' };
    await old.table(StockValuation.table).put(value);
    old.close();

    const current = new PanelDb(name, { entities: [Role, StockValuation] });
    await current.open();
    expect(current.verno).toBeGreaterThan(20_000);
    expect(current.rows(StockValuation).schema.indexes.map((i) => i.name)).toEqual(['productId']);
    expect(
      current
        .rows(Role)
        .schema.indexes.map((i) => i.name)
        .sort(),
    ).toEqual(['_sort', 'name', 'parentRoleId']);
    const { _sort: _dropped, ...kept } = value;
    expect(await current.rows(StockValuation).get('v1')).toEqual(kept);
    expect(await current.rows(StockValuation).where('productId').equals('p-1').count()).toBe(1);
    // The key is worked out again from the row as screens see it (its pending write included).
    const roles = await current.rows(Role).orderBy('_sort').toArray();
    expect(roles.map((r) => r.id)).toEqual(['pending', 'named']);
    expect(roles[0]).toMatchObject({ name: 'انبارها', _server: server, _pending: 1 });
    expect(await current.rows(Role).get('untitled')).not.toHaveProperty('_sort');
    current.close();
  });

  it('names each database after the person and the panel, so a person’s panels can be found together', () => {
    expect(panelDbName('Ali', 'ABC123').startsWith(userDbPrefix('ali'))).toBe(true);
    expect(panelDbName('ali', 'ABC123')).not.toBe(panelDbName('alireza', 'ABC123'));
    expect(panelDbName('ali', 'ABC123').startsWith(userDbPrefix('al'))).toBe(false);
  });
});
