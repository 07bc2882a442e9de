/**
 * The signed-in person's current panel on this device: its database, its sync engine and the data
 * provider screens use. One at a time, following the session (username and panelCode); logging
 * out deletes the person's panel databases when they choose to, and data an ended session left
 * behind can be found and erased from the login page.
 */
import Dexie from 'dexie';
import { useMemo } from 'react';
import { readSession, type Session } from '../session/session.ts';
import { useSession } from '../session/useSession.ts';
import { accessHash, canReadEntity, seesAllOf } from './access.ts';
import { currentPanelState, loadCurrentPanel } from './currentPanel.ts';
import { dataProviderFor, type DataProvider } from './dataProvider.ts';
import { httpLiveOpen, httpSyncTransport } from './httpSyncTransport.ts';
import { removeValue, storageKeys } from '../session/keyValue.ts';
import { PANEL_DB_PREFIX, PanelDb, panelDbName, userDbPrefix } from './PanelDb.ts';
import { SyncEngine, type SyncAccess } from './SyncEngine.ts';

export interface PanelData {
  key: string;
  panelCode: string;
  db: PanelDb;
  engine: SyncEngine;
  data: DataProvider;
}

let active: PanelData | null = null;

function accessFor(panelCode: string): SyncAccess | undefined {
  const current = currentPanelState();
  if (current.status !== 'ready' || current.stale || current.checking || current.panel.code !== panelCode) return undefined;
  const panel = current.panel;
  return { hash: accessHash(panel), canRead: (entity) => canReadEntity(panel, entity), seesAll: (entity) => seesAllOf(panel, entity) };
}

/**
 * The fallback interval of pulls, 60 s; `localStorage['pishkhan:syncIntervalMs']` shortens it (the
 * e2e tests, whose stream is blocked on purpose, do not wait a minute).
 */
function intervalMs(): number {
  const knob = typeof localStorage === 'undefined' ? null : localStorage.getItem('pishkhan:syncIntervalMs');
  const n = Number(knob);
  return knob && Number.isFinite(n) && n >= 500 ? n : 60_000;
}

function open(username: string, panelCode: string): PanelData {
  const db = new PanelDb(panelDbName(username, panelCode));
  const engine = new SyncEngine({
    db,
    transport: httpSyncTransport(panelCode),
    access: () => accessFor(panelCode),
    live: httpLiveOpen(panelCode),
    // Removed from the panel: asking for it again answers 404, and the panel's screens give way to
    // "This panel could not be opened" with the way back to the panel list.
    onLiveEnd: (reason) => reason === 'access' && void loadCurrentPanel(true),
    intervalMs: intervalMs(),
  });
  return { key: db.name, panelCode, db, engine, data: dataProviderFor(db) };
}

function retire(data: PanelData): void {
  data.engine.stop();
  // Screens of the old panel unsubscribe on their next commit; close after they have.
  setTimeout(() => data.db.close(), 5_000);
}

/** The panel data of a session (opening it on first use), or null without a user and panel. */
export function panelDataFor(session: Pick<Session, 'username' | 'panelCode'>): PanelData | null {
  if (!session.username || !session.panelCode) return null;
  const key = panelDbName(session.username, session.panelCode);
  if (active?.key === key) return active;
  if (active) retire(active);
  active = open(session.username, session.panelCode);
  return active;
}

/**
 * Starts, before the first render, what a panel's screen asks for first (decision 062): the current
 * panel (its saved copy, then the server's answer) and the panel's database, opened while the
 * screen's code still loads. Its screens then find them on their way.
 */
export function startPanelData(): void {
  const data = panelDataFor(readSession());
  if (!data) return;
  void loadCurrentPanel();
  // A database that will not open says so on the screen's own first read.
  data.db.open().catch(() => {});
}

/** The panel data in use now, if any (logout asks it to sync first). */
export function activePanelData(): PanelData | null {
  return active;
}

export function usePanelData(): PanelData | null {
  const { username, panelCode } = useSession();
  return useMemo(() => panelDataFor({ username, panelCode }), [username, panelCode]);
}

/** Changes not yet accepted by the server: queued ones and rejected ones waiting for a decision. */
export async function unsyncedCount(data: PanelData): Promise<{ pending: number; problems: number }> {
  const [pending, problems] = await Promise.all([data.db.outbox.count(), data.db.problems.count()]);
  return { pending, problems };
}

/** Stops syncing and closes the panel database in use; its data stays on the device. */
export function closePanelData(): void {
  if (!active) return;
  active.engine.stop();
  active.db.close();
  active = null;
}

async function panelDbNames(prefix: string): Promise<string[]> {
  const names = await Dexie.getDatabaseNames().catch(() => [] as string[]);
  return names.filter((name) => name.startsWith(prefix));
}

async function deletePanelDbs(prefix: string): Promise<void> {
  closePanelData();
  // A screen still letting go of the session may read once more and so open (create) a database
  // again just after it was deleted: a moment later it is looked for and deleted again, a few
  // times at most (the person is on the login page by then).
  for (let attempt = 0; attempt < 5; attempt++) {
    if (attempt) await new Promise((resolve) => setTimeout(resolve, 200));
    const names = await panelDbNames(prefix);
    if (!names.length) break;
    await Promise.all(names.map((name) => Dexie.delete(name)));
  }
  await removeValue(storageKeys.currentPanels);
  await removeValue(storageKeys.panels);
}

/** Deletes every panel database of a person on this device, and the cached panel descriptions. */
export function deleteLocalData(username: string): Promise<void> {
  return deletePanelDbs(userDbPrefix(username));
}

/** Deletes everyone's panel data on this device: a shared phone, after a session was ended for them. */
export function deleteAllLocalData(): Promise<void> {
  return deletePanelDbs(PANEL_DB_PREFIX);
}

/**
 * Panel data left on this device by a session that has ended (a forced sign-out, or a person who
 * kept it), with what in it has not reached the server; null when there is none.
 */
export async function leftoverData(): Promise<{ pending: number; problems: number } | null> {
  const names = await panelDbNames(PANEL_DB_PREFIX);
  if (!names.length) return null;
  let pending = 0;
  let problems = 0;
  for (const name of names) {
    const db = new PanelDb(name);
    try {
      pending += await db.outbox.count();
      problems += await db.problems.count();
    } finally {
      db.close();
    }
  }
  return { pending, problems };
}
