/**
 * One list engine: random rows of every sortable kind, then random searches, filters, ranges and
 * sorts, each answered by the server's SQL (REST, on PGlite or PostgreSQL) and by the device's
 * in-memory rules (src/contract/list.ts) over the same rows. Both must give the same rows in the
 * same order, and the same total.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { propertyRuns } from '../propertyRuns.ts';
import { entities } from '../../src/contract/modules.ts';
import { actions, defineEntity, permission, type Row } from '../../src/contract/entity.ts';
import { parseListQuery, selectRows } from '../../src/contract/list.ts';
import { applyMutation } from '../../server/entities/applyMutation.ts';
import { listRows } from '../../server/entities/listQuery.ts';
import { syncEntityTables } from '../../server/entities/schemaSync.ts';
import type { PanelAccess } from '../../server/panels/panelAccess.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { openPanel } from './panelsFixture.ts';

const RUNS = propertyRuns('LIST_PROPERTY_RUNS', 150, 40);
const label = (message: string) => ({ id: `test.${message}`, message });

const Item = defineEntity({
  module: 'WarehousingMVM',
  name: 'ListItem',
  label: label('Item'),
  pluralLabel: label('Items'),
  fields: {
    name: { kind: 'text', label: label('name') },
    note: { kind: 'longText', label: label('note') },
    count: { kind: 'integer', label: label('count') },
    weight: { kind: 'decimal', label: label('weight') },
    price: { kind: 'money', label: label('price') },
    day: { kind: 'date', label: label('day') },
    at: { kind: 'dateTime', label: label('at') },
    kind: {
      kind: 'select',
      label: label('kind'),
      options: [
        { value: 'a', label: label('a') },
        { value: 'b', label: label('b') },
      ],
    },
    active: { kind: 'boolean', label: label('active') },
    tags: { kind: 'stringList', label: label('tags') },
  },
  titleField: 'name',
  listFields: ['name'],
  searchFields: ['name', 'note'],
  indexes: ['kind'],
  defaultSort: { field: 'name', direction: 'asc' },
});

let server: TestServer;
let access: PanelAccess;
let userId: string;
const rows: Row[] = [];

const words = [
  'انبار',
  'انبار‌ها',
  'كتاب',
  'کتاب',
  'Book',
  'book',
  'Zebra',
  'آب',
  'پیچ',
  'item 2',
  'item 10',
  'ITEM ۳',
  '',
  'ژاله',
  '😀 emoji',
];
const anyOf = <T>(list: readonly T[]) => fc.constantFrom(...list);
const rowValues = fc.record({
  name: fc.option(anyOf(words), { nil: null }),
  note: fc.option(anyOf(words), { nil: null }),
  count: fc.option(fc.integer({ min: -5, max: 20 }), { nil: null }),
  weight: fc.option(anyOf(['0.5', '10', '2.25', '-1.125', '0', '100.001']), { nil: null }),
  price: fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: null }),
  day: fc.option(anyOf(['2026-03-20', '2026-03-21', '2026-11-22', '2025-01-01']), { nil: null }),
  at: fc.option(anyOf(['2026-03-20T20:29:59.999Z', '2026-03-20T20:30:00.000Z', '2026-11-22T10:00:00.000Z', '2026-11-21T21:00:00.000Z']), {
    nil: null,
  }),
  kind: fc.option(anyOf(['a', 'b']), { nil: null }),
  active: fc.option(fc.boolean(), { nil: null }),
  tags: fc.array(anyOf(['x', 'y', 'z']), { maxLength: 2 }),
});

const query = fc.record(
  {
    search: anyOf(['', 'انبار', 'کتاب', 'book', 'item', 'ها', '۱', '2', 'انبار ها', 'x z']),
    'filter.kind': anyOf(['', 'a', 'b']),
    'filter.active': anyOf(['true', 'false', '']),
    'filter.tags': anyOf(['x', 'y']),
    'filter.count.from': anyOf(['-1', '3', '۵']),
    'filter.weight.to': anyOf(['1', '2.25', '10.000']),
    'filter.price.from': anyOf(['1000', '500000']),
    'filter.day.from': anyOf(['2026-03-21', '2025-06-01']),
    'filter.at.from': anyOf(['2026-03-21', '2026-11-22']),
    'filter.at.to': anyOf(['2026-03-21', '2026-11-22', '2026-11-22T10:00:00.000Z']),
    sort: anyOf(['name', 'note', 'count', 'weight', 'price', 'day', 'at', 'kind', 'active', 'updatedAt']),
    order: anyOf(['asc', 'desc']),
    page: anyOf(['1', '2']),
    pageSize: anyOf(['5', '50']),
  },
  { requiredKeys: ['sort', 'order', 'page', 'pageSize'] },
);

beforeAll(async () => {
  server = await startTestServer();
  await server.db.transaction((tx) => syncEntityTables(tx, [...entities(), Item]));
  const owner = await server.createAccount();
  const panel = await openPanel(server, owner);
  const [row] = await server.db.query<{ id: string }>('SELECT id FROM panels WHERE code = $1', [panel.code]);
  userId = owner.userId;
  access = {
    id: row!.id,
    code: panel.code,
    isOwner: true,
    permissions: new Set(actions.map((a) => permission(Item, a))),
    granted: new Set(),
    roleName: null,
    memberId: null,
    roleId: null,
    actorName: 'Owner',
    modules: ['WarehousingMVM'],
  };
  const samples = fc.sample(rowValues, { numRuns: 60, seed: 7 });
  await server.db.transaction(async (tx) => {
    for (const values of samples) {
      const ctx = { tx, access, userId, now: new Date(server.clock.now()), lang: 'en' as const };
      const outcome = await applyMutation(ctx, { entity: Item, op: 'create', id: randomUUID(), values });
      if (outcome.status !== 'applied') throw new Error(JSON.stringify(outcome));
      rows.push(outcome.row!);
    }
  });
});
afterAll(async () => {
  await server.close();
});

describe('the list engine', () => {
  it(`gives the same rows in the same order in SQL and in memory (${RUNS} random lists)`, async () => {
    expect(rows).toHaveLength(60);
    await fc.assert(
      fc.asyncProperty(query, async (raw) => {
        const fromSql = await listRows(server.db, Item, access.id, raw, access.permissions);
        const inMemory = selectRows(rows, Item, parseListQuery(Item, raw));
        expect(
          fromSql.items.map((r) => r.id),
          JSON.stringify(raw),
        ).toEqual(inMemory.items.map((r) => r.id));
        expect(fromSql.total).toBe(inMemory.total);
      }),
      { numRuns: RUNS },
    );
  });
});
