/**
 * The live change signal (decision 039): a write signals every open stream of its panel, through
 * the database's LISTEN/NOTIFY, so a second app on the same database (as a second process would
 * be) signals streams open on the first; no other panel hears it; a removed member's stream ends;
 * presence reaches only those who may read the row.
 */
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Member, Role } from '../../src/contract/entities/panelManagement.ts';
import { permission, type Row } from '../../src/contract/entity.ts';
import { syncEndpoints } from '../../src/contract/sync.ts';
import { LiveHub } from '../../server/sync/liveHub.ts';
import type { PanelAccess } from '../../server/panels/panelAccess.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { createRow, newMember, openPanel, rest, type PanelCaller } from './panelsFixture.ts';
import { cursorAtLeast, openLive, type LiveReader } from './liveStream.ts';

let first: TestServer;
let second: TestServer;
let firstUrl: string;
let secondUrl: string;
const open: LiveReader[] = [];

beforeAll(async () => {
  first = await startTestServer();
  // The same database through a second app: its own listener, as another process has.
  second = await startTestServer({ db: first.db });
  firstUrl = await first.app.listen({ port: 0, host: '127.0.0.1' });
  secondUrl = await second.app.listen({ port: 0, host: '127.0.0.1' });
});

/**
 * Closes an app as `stopGracefully` bounds a stop: connections still open once the streams have
 * ended are cut. On PostgreSQL, `app.close()` of an app whose streams were opened and dropped by
 * their readers otherwise waits for a connection that never closes by itself.
 */
async function closeCutting(server: TestServer | undefined, close: () => Promise<void>): Promise<void> {
  if (!server) return;
  const cut = setInterval(() => server.app.server.closeAllConnections(), 200);
  try {
    await close();
  } finally {
    clearInterval(cut);
  }
}

afterAll(async () => {
  for (const r of open) r.close();
  await closeCutting(second, () => second.app.close());
  await closeCutting(first, () => first.close());
});

async function live(url: string, caller: PanelCaller): Promise<LiveReader> {
  const reader = await openLive(url, caller.account.tokens.access_token, caller.code);
  open.push(reader);
  await reader.next((e) => e.event === 'cursor');
  return reader;
}

const cursorOf = (r: LiveReader) =>
  Math.max(0, ...r.events.filter((e) => e.event === 'cursor').map((e) => (e.data as { cursor: number }).cursor));

describe('the live stream', () => {
  it('opens with the panel cursor and signals a write, with no row data', async () => {
    const owner = await openPanel(first, await first.createAccount());
    const stream = await live(firstUrl, owner);
    expect(stream.status).toBe(200);
    const before = cursorOf(stream);
    await createRow(owner, Role, { name: 'فروشنده', permissions: [] });
    const signal = await stream.next(cursorAtLeast(before + 1));
    expect(Object.keys(signal.data as object)).toEqual(['cursor']);
  });

  it('is refused without a session or a panel, with the envelope', async () => {
    const answer = await first.call(syncEndpoints.live);
    expect(answer.status).toBe(401);
    const owner = await openPanel(first, await first.createAccount());
    const foreign = await openLive(firstUrl, owner.account.tokens.access_token, 'NOPANEL1');
    expect(foreign.status).toBe(404);
  });

  it('carries a write made through another app on the same database (another process)', async () => {
    const owner = await openPanel(first, await first.createAccount());
    const onSecond = await live(secondUrl, owner);
    const before = cursorOf(onSecond);
    await createRow(owner, Role, { name: 'انباردار', permissions: [] });
    await onSecond.next(cursorAtLeast(before + 1));
  });

  it('says nothing to another panel', async () => {
    const owner = await openPanel(first, await first.createAccount());
    const other = await openPanel(first, await first.createAccount());
    const quiet = await live(firstUrl, other);
    const loud = await live(firstUrl, owner);
    const before = cursorOf(loud);
    await createRow(owner, Role, { name: 'حسابدار', permissions: [] });
    await loud.next(cursorAtLeast(before + 1));
    expect(quiet.events.filter((e) => e.event === 'cursor')).toHaveLength(1);
  });

  it('coalesces a burst of writes into a handful of signals', async () => {
    const owner = await openPanel(first, await first.createAccount());
    const stream = await live(firstUrl, owner);
    const from = stream.events.length;
    const roles: Row[] = [];
    for (let i = 0; i < 40; i++) roles.push(await createRow(owner, Role, { name: `نقش ${i}`, permissions: [] }));
    const [top] = await first.db.query<{ c: number }>('SELECT max(seq) AS c FROM sync_changes');
    await stream.next(cursorAtLeast(Number(top!.c)), from);
    const signals = stream.events.slice(from).filter((e) => e.event === 'cursor');
    expect(signals.length).toBeLessThan(40);
  });

  it('ends the stream of a member removed from the panel', async () => {
    const owner = await openPanel(first, await first.createAccount());
    const { caller: member, memberId } = await newMember(first, owner, [permission(Role, 'read')]);
    const stream = await live(secondUrl, member);
    const row = await owner.call<Row>(rest.get(Member, memberId));
    const removed = await owner.call(rest.remove(Member, memberId), { query: { version: String(row.body.data!.version) } });
    expect(removed.status).toBe(200);
    await stream.ended;
    expect(stream.events.at(-1)).toMatchObject({ event: 'end', data: { reason: 'access' } });
  });

  it('shows who else has a row open, only to those who may read it', async () => {
    const owner = await openPanel(first, await first.createAccount());
    const role = await createRow(owner, Role, { name: 'مدیر فروش', permissions: [] });
    const { caller: reader } = await newMember(first, owner, [permission(Role, 'read')]);
    const { caller: blind } = await newMember(first, owner, [permission(Member, 'read')]);
    const readerStream = await live(secondUrl, reader);
    const blindStream = await live(firstUrl, blind);
    const said = await owner.call(syncEndpoints.presence, { body: { entity: Role.key, id: role.id, open: true } });
    expect(said.status).toBe(200);
    const seen = await readerStream.next((e) => e.event === 'presence' && (e.data as { open: unknown[] }).open.length > 0);
    expect((seen.data as { open: unknown[] }).open).toEqual([{ entity: Role.key, id: role.id, name: expect.any(String) }]);
    // The one who may not read roles may not say they have one open, and hears nothing of it.
    expect((await blind.call(syncEndpoints.presence, { body: { entity: Role.key, id: role.id, open: true } })).status).toBe(403);
    expect(blindStream.events.filter((e) => e.event === 'presence').every((e) => (e.data as { open: unknown[] }).open.length === 0)).toBe(
      true,
    );
    await owner.call(syncEndpoints.presence, { body: { entity: Role.key, id: role.id, open: false } });
    await readerStream.next(
      (e) => e.event === 'presence' && (e.data as { open: unknown[] }).open.length === 0,
      readerStream.events.indexOf(seen) + 1,
    );
  });

  it('refuses a presence of a malformed row with 9401', async () => {
    const owner = await openPanel(first, await first.createAccount());
    const answer = await owner.call(syncEndpoints.presence, { body: { entity: Role.key, id: 'x', open: true } });
    expect(answer.status).toBe(400);
    expect(answer.body.isSuccess).toBe(false);
  });

  it('ends every stream when the app stops, so the stop is not held open', async () => {
    const third = await startTestServer({ db: first.db });
    const url = await third.app.listen({ port: 0, host: '127.0.0.1' });
    const owner = await openPanel(first, await first.createAccount());
    const stream = await live(url, owner);
    await third.app.close();
    await stream.ended;
    expect(stream.events.at(-1)).toMatchObject({ event: 'end', data: { reason: 'stopping' } });
  });
  it('ends at once a stream that reaches a stopped hub (a request under way as the stop began), so it cannot hold the stop open', async () => {
    const hub = new LiveHub(first.db, first.app.deps.clock);
    await hub.start();
    await hub.stop();
    const written: string[] = [];
    const response = {
      writableEnded: false,
      write: (text: string) => written.push(text),
      end() {
        this.writableEnded = true;
      },
      once: () => response,
    };
    const access = {} as PanelAccess;
    hub.add({ panelId: 'p', userId: 'u', sessionId: 's', access, response: response as unknown as ServerResponse, presenceSent: '' }, 0);
    expect(written).toEqual([`event: end\ndata: ${JSON.stringify({ reason: 'stopping' })}\n\n`]);
    expect(response.writableEnded).toBe(true);
  });
});
