/**
 * A first sync as a snapshot (decision 051): GET /api/Sync/Pull?cursor=0&snapshot= reads the tables,
 * not the log. It sends every live row in the caller's window and scope once, in pages carrying a
 * token and the progress, and ends on the log's cursor noted at its start, so what changed while it
 * ran comes from the log after it. Shown with a windowed, scoped entity declared in this test.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../server/modules/discover.ts';
import { Code } from '../../src/contract/codes.ts';
import { Member } from '../../src/contract/entities/panelManagement.ts';
import { actions, defineEntity, permission, type EntityDeclaration, type Row } from '../../src/contract/entity.ts';
import { defineModule, type ModuleDeclaration } from '../../src/contract/module.ts';
import { entities, entityByKey, modules, registerModules } from '../../src/contract/modules.ts';
import type { Field } from '../../src/contract/fields.ts';
import { PULL_PAGE_MAX, SNAPSHOT_PAGE_MAX, syncEndpoints, type PullResponse, type SyncChange } from '../../src/contract/sync.ts';
import { inWindow } from '../../src/contract/syncWindow.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { createRow, newMember, openPanel, rest, type PanelCaller } from './panelsFixture.ts';
import { pullAll, syncClient } from './syncFixture.ts';

const label = (message: string) => ({ id: `test.${message}`, message });

const declaration: EntityDeclaration<{ name: Field; agentId: Field; day: Field; state: Field }> = {
  module: 'JoinSales',
  name: 'Order',
  label: label('Order'),
  pluralLabel: label('Orders'),
  fields: {
    name: { kind: 'text', label: label('name'), required: true },
    agentId: { kind: 'reference', to: Member.key, label: label('agent') },
    day: { kind: 'date', label: label('day') },
    state: { kind: 'text', label: label('state') },
  },
  titleField: 'name',
  listFields: ['name', 'agentId', 'day'],
  searchFields: ['name'],
  indexes: ['agentId'],
  defaultSort: { field: 'name', direction: 'asc' },
  scope: { field: 'agentId' },
  window: { field: 'day', months: 12, keep: { field: 'state', values: ['open'] } },
};
const Order = defineEntity(declaration);
const JoinSales = defineModule({ key: 'JoinSales', entities: [Order], routes: {}, order: 901 });

let before: readonly ModuleDeclaration[];
let server: TestServer;
let owner: PanelCaller;
let agentA: PanelCaller;
let agentB: PanelCaller;
let reader: PanelCaller;
let otherPanel: PanelCaller;
const ids = new Map<PanelCaller, string>();
const orders: Record<string, Row> = {};

type Answer = { status: number; body: { data?: PullResponse | null; errorData?: { code?: number } | null } };

function snapshotPage(caller: PanelCaller, token: string, limit = 500, cursor = 0): Promise<Answer> {
  return caller.call<PullResponse>(syncEndpoints.pull, { query: { cursor: String(cursor), limit: String(limit), snapshot: token } });
}

/** Every page of a snapshot; answers the pages. */
async function snapshotAll(
  caller: PanelCaller,
  limit = 500,
  between?: (sofar: readonly PullResponse[]) => Promise<void>,
): Promise<PullResponse[]> {
  const pages: PullResponse[] = [];
  let token = '';
  for (;;) {
    const answer = await snapshotPage(caller, token, limit);
    if (answer.status !== 200 || !answer.body.data) throw new Error(`snapshot failed: ${JSON.stringify(answer.body)}`);
    pages.push(answer.body.data);
    if (answer.body.data.snapshot === undefined) return pages;
    token = answer.body.data.snapshot;
    await between?.(pages);
  }
}

/** A token with its parts changed (the token is base64url JSON; the server does not trust it). */
function forged(token: string, change: (parts: unknown[]) => unknown[]): string {
  return Buffer.from(JSON.stringify(change(JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as unknown[]))).toString(
    'base64url',
  );
}

const key = (c: SyncChange) => `${c.entity}:${c.row.id}`;
const orderNames = (changes: readonly SyncChange[]) =>
  changes
    .filter((c) => c.entity === Order.key)
    .map((c) => String(c.row.name))
    .sort();

/** What a device holds after applying changes in order: the newest version of each row, tombstones dropped. */
function held(changes: readonly SyncChange[]): Map<string, Row> {
  const rows = new Map<string, Row>();
  for (const c of changes) {
    const seen = rows.get(key(c));
    if (!seen || c.row.version >= seen.version) rows.set(key(c), c.row);
  }
  for (const [k, row] of rows) if (row.deleted) rows.delete(k);
  return rows;
}

/** The rows a device should hold: a whole log walk's live rows that fall in the windows. */
async function expected(caller: PanelCaller): Promise<Map<string, Row>> {
  const first = await syncClient(caller).pull(0, 1);
  const windows = first.body.data!.windows ?? {};
  const rows = held((await pullAll(syncClient(caller))).changes);
  for (const [k, row] of rows) {
    const entity = entityByKey(k.slice(0, k.lastIndexOf(':')))!;
    if (!inWindow(entity, row, windows[entity.key])) rows.delete(k);
  }
  return rows;
}

const orderPermissions = actions.map((a) => permission(Order, a));

beforeAll(async () => {
  before = modules();
  registerModules([...before, JoinSales]);
  server = await startTestServer();
  owner = await openPanel(server, await server.createAccount(), 'پیوستن', ['PanelManagement', 'JoinSales']);
  for (const [name, permissions] of [
    ['a', orderPermissions],
    ['b', orderPermissions],
    ['reader', [permission(Member, 'read')]],
  ] as const) {
    const { caller, memberId } = await newMember(server, owner, permissions);
    ids.set(caller, memberId);
    if (name === 'a') agentA = caller;
    else if (name === 'b') agentB = caller;
    else reader = caller;
  }
  const make = async (name: string, agent: PanelCaller | null, day: string | null, state: string | null = null) =>
    (orders[name] = await createRow(owner, Order, { name, agentId: agent ? ids.get(agent)! : null, day, state }));
  // The test clock stands at 2026-11-22 (1405-09-01): the window's first day is 1404-09-01.
  await make('recent-a', agentA, '2026-10-01');
  await make('recent-b', agentB, '2026-11-20');
  await make('undated-a', agentA, null);
  await make('old-a', agentA, '2020-03-01');
  await make('old-open-a', agentA, '2019-01-01', 'open');
  await make('old-closed-b', agentB, '2019-01-01', 'closed');
  for (let i = 0; i < 7; i++) await make(`more-${i}`, agentA, '2026-06-1' + i);
  const gone = await make('deleted-a', agentA, '2026-09-01');
  expect((await owner.call(rest.remove(Order, gone.id), { query: { version: String(gone.version) } })).status).toBe(200);
  otherPanel = await openPanel(server, await server.createAccount(), 'دیگری', ['PanelManagement', 'JoinSales']);
});
afterAll(async () => {
  await server.close();
  registerModules(before);
});

describe('a snapshot', () => {
  it('sends every live row in the window once, in pages with a token and the progress, and ends on the log', async () => {
    const { cursor: newest } = await pullAll(syncClient(owner));
    const pages = await snapshotAll(owner, 3);
    const changes = pages.flatMap((p) => p.changes);
    expect(new Set(changes.map(key)).size).toBe(changes.length);
    expect(orderNames(changes)).toEqual(
      ['recent-a', 'recent-b', 'undated-a', 'old-open-a', ...Array.from({ length: 7 }, (_, i) => `more-${i}`)].sort(),
    );
    expect(changes.every((c) => !c.row.deleted)).toBe(true);
    // Nothing else differs from what walking the whole log and dropping what falls outside the windows leaves.
    expect([...held(changes).keys()].sort()).toEqual([...(await expected(owner)).keys()].sort());
    expect(held(changes)).toEqual(await expected(owner));

    const last = pages[pages.length - 1]!;
    expect(pages.length).toBeGreaterThan(3);
    for (const page of pages.slice(0, -1)) {
      expect(page.changes.length).toBeLessThanOrEqual(3);
      expect(page).toMatchObject({ cursor: 0, hasMore: true, snapshot: expect.any(String), progress: expect.any(Object) });
    }
    expect(pages.slice(0, -1).map((p) => p.progress!.done)).toEqual(
      pages.slice(0, -1).map((_, i) => pages.slice(0, i + 1).reduce((n, p) => n + p.changes.length, 0)),
    );
    for (const page of pages.slice(0, -1)) expect(page.progress!.total).toBeGreaterThanOrEqual(page.progress!.done);
    expect(last.snapshot).toBeUndefined();
    expect(last.cursor).toBe(newest);
    expect(last.hasMore).toBe(false);
    expect(last.windows).toMatchObject({ [Order.key]: '2025-11-22' });
    expect(last.readableEntities).toContain(Order.key);
  });

  it('honours row scopes: an agent gets only their own rows, in the window', async () => {
    expect(orderNames((await snapshotAll(agentA, 4)).flatMap((p) => p.changes))).toEqual(
      ['recent-a', 'undated-a', 'old-open-a', ...Array.from({ length: 7 }, (_, i) => `more-${i}`)].sort(),
    );
    const b = (await snapshotAll(agentB)).flatMap((p) => p.changes);
    expect(orderNames(b)).toEqual(['recent-b']);
    expect(JSON.stringify(b)).not.toContain(orders['recent-a']!.id);
    expect(held(b)).toEqual(await expected(agentB));
  });

  it('sends nothing of an entity the caller may not read', async () => {
    const changes = (await snapshotAll(reader)).flatMap((p) => p.changes);
    expect(changes.some((c) => c.entity === Order.key)).toBe(false);
    expect(changes.some((c) => c.entity === Member.key)).toBe(true);
    expect(held(changes)).toEqual(await expected(reader));
  });

  it('refuses a token of another panel, one that does not parse, and a snapshot after cursor 0', async () => {
    const first = await snapshotPage(owner, '', 2);
    const token = first.body.data!.snapshot!;
    expect(token).toBeTruthy();
    const refused = [
      await snapshotPage(otherPanel, token, 2),
      await snapshotPage(owner, 'not-a-token', 2),
      await snapshotPage(owner, Buffer.from('[1,"x"]').toString('base64url'), 2),
      await snapshotPage(owner, token, 2, 5),
      // Well formed, this panel's, but with a day that is none.
      await snapshotPage(
        owner,
        forged(token, (parts) => [...parts.slice(0, 2), entities().indexOf(Order), 0, '2026-13-45', randomUUID(), ...parts.slice(6)]),
        2,
      ),
    ];
    for (const answer of refused) {
      expect(answer.status).toBe(400);
      expect(answer.body.errorData?.code).toBe(Code.BadRequest);
    }
    // The panel's own token goes on.
    expect((await snapshotPage(owner, token, 2)).status).toBe(200);
  });

  it('leaves what changes while it runs to the log after it: the device ends with every row as it is now', async () => {
    let added: Row | null = null;
    const pages = await snapshotAll(agentA, 2, async (sofar) => {
      if (sofar.length !== 1) return;
      const sent = sofar[0]!.changes.find((c) => c.entity === Order.key);
      // A row already sent changes; one not yet sent is deleted; a new one is made.
      const firstOrder = sent ? orders[String(sent.row.name)]! : orders['recent-a']!;
      const current = (await agentA.call<Row>(rest.get(Order, firstOrder.id))).body.data!;
      expect((await agentA.call(rest.update(Order, firstOrder.id), { body: { version: current.version, name: 'renamed' } })).status).toBe(
        200,
      );
      const doomed = (await agentA.call<Row>(rest.get(Order, orders['more-6']!.id))).body.data!;
      expect((await agentA.call(rest.remove(Order, doomed.id), { query: { version: String(doomed.version) } })).status).toBe(200);
      added = await createRow(agentA, Order, { name: 'during', agentId: ids.get(agentA)!, day: '2026-11-21' });
    });
    const pages2 = pages;
    expect(pages2[pages2.length - 1]!.hasMore).toBe(true);
    const after = await pullAll(syncClient(agentA), pages2[pages2.length - 1]!.cursor);
    const device = held([...pages2.flatMap((p) => p.changes), ...after.changes]);
    expect(device).toEqual(await expected(agentA));
    expect([...device.values()].some((r) => r.id === added!.id)).toBe(true);
    expect([...device.values()].some((r) => r.id === orders['more-6']!.id)).toBe(false);
    expect([...device.values()].some((r) => r.name === 'renamed')).toBe(true);
  });

  it('takes pages of up to 5,000 rows, the log still at most 2,000', async () => {
    expect((await snapshotPage(owner, '', SNAPSHOT_PAGE_MAX)).status).toBe(200);
    for (const answer of [await snapshotPage(owner, '', SNAPSHOT_PAGE_MAX + 1), await syncClient(owner).pull(0, PULL_PAGE_MAX + 1)]) {
      expect(answer.status).toBe(400);
      expect(answer.body.errorData?.code).toBe(Code.BadRequest);
    }
  });

  it('is not what a client that sends no snapshot gets: the log walk as before', async () => {
    const page = await syncClient(owner).pull(0, 500);
    expect(page.body.data!.snapshot).toBeUndefined();
    expect(page.body.data!.progress).toBeUndefined();
    expect(page.body.data!.changes.some((c) => c.row.deleted)).toBe(true);
  });
});
