import { describe, expect, it } from 'vitest';
import { entities } from '../../src/contract/entities/index.ts';
import { Role } from '../../src/contract/entities/panelManagement.ts';
import { defineEntity } from '../../src/contract/entity.ts';
import { PanelDb, panelDbName, userDbPrefix } from '../../src/storage/PanelDb.ts';
import { deriveStores, PANEL_DB_VERSION, RELEASED_SCHEMA, schemaFingerprint } from '../../src/storage/panelDbSchema.ts';

let n = 0;
const freshName = () => `schema-test-${++n}-${Math.random()}`;

describe('the panel database schema', () => {
  it('has one table per declared entity, keyed by id, with its declared indexes and updatedAt', () => {
    const stores = deriveStores(entities);
    for (const entity of entities) {
      const spec = stores[entity.table]!.split(', ');
      expect(spec[0]).toBe('id');
      expect(spec).toContain('updatedAt');
      for (const index of entity.indexes) expect(spec).toContain(index);
    }
    expect(Object.keys(stores).sort()).toEqual([...entities.map((e) => e.table), 'outbox', 'problems', 'syncState'].sort());
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
    expect(deriveStores([Shelf]).e_warehousing_mvm_shelf).toBe('id, updatedAt, code');
  });

  it('is the schema the current version was released with (a declaration change needs a new version)', () => {
    expect(schemaFingerprint(deriveStores(entities)), 'the entity declarations changed the Dexie schema: add a version in panelDbSchema.ts').toBe(RELEASED_SCHEMA);
  });

  it('opens with the declared indexes in IndexedDB', async () => {
    const db = new PanelDb(freshName());
    await db.open();
    expect(db.verno).toBe(PANEL_DB_VERSION);
    const table = db.rows(Role);
    expect(table.schema.primKey.name).toBe('id');
    expect(table.schema.indexes.map((i) => i.name).sort()).toEqual(['name', 'parentRoleId', 'updatedAt']);
    db.close();
  });

  it('upgrades a version 1 database to the current one with every row and queued change intact', async () => {
    const name = freshName();
    const v1 = new PanelDb(name, { versions: [{ version: 1 }] });
    await v1.open();
    const server = { id: 'a1', version: 2, updatedAt: '2026-01-01T00:00:00.000Z', deleted: false, name: 'مديران فروش', description: null, parentRoleId: null, permissions: [] };
    await v1.rows(Role).put({ ...server, _server: server, _pending: 1 } as never);
    await v1.outbox.add({ mutationId: 7, entity: Role.key, op: 'update', id: 'a1', baseVersion: 2, values: { name: 'مديران فروش' }, at: '2026-01-01T00:00:00.000Z' });
    await v1.syncState.put({ key: 'state', clientId: 'c1', nextMutationId: 8, cursor: 41, lastSyncAt: null, accessHash: 'h' });
    v1.close();

    const current = new PanelDb(name);
    await current.open();
    expect(current.verno).toBe(PANEL_DB_VERSION);
    const row = await current.rows(Role).get('a1');
    expect(row).toMatchObject({ name: 'مديران فروش', version: 2, _pending: 1, _server: server });
    // Version 2 added the normalised search text (Arabic yeh becomes Persian yeh).
    expect(row?._search).toContain('مدیران فروش');
    expect(await current.outbox.toArray()).toHaveLength(1);
    expect(await current.syncState.get('state')).toMatchObject({ clientId: 'c1', nextMutationId: 8, cursor: 41 });
    current.close();
  });

  it('names each database after the person and the panel, so a person’s panels can be found together', () => {
    expect(panelDbName('Ali', 'ABC123').startsWith(userDbPrefix('ali'))).toBe(true);
    expect(panelDbName('ali', 'ABC123')).not.toBe(panelDbName('alireza', 'ABC123'));
    expect(panelDbName('ali', 'ABC123').startsWith(userDbPrefix('al'))).toBe(false);
  });
});
