/**
 * A new phone joins the big panel (issue 31, decision 051): the whole first sync as a snapshot
 * over HTTP from a server process, as a browser asks for it (`Accept-Encoding: br, gzip`, bytes
 * counted as they come off the wire): rows, pages, seconds, bytes, the server's RSS once a second,
 * and what it would take on a 10 Mbps and a 1.6 Mbps network (the longer of the server's time and
 * bytes ÷ bandwidth, plus a ~100 ms round trip a page), beside the target (< 60 s at 10 Mbps). Then
 * the room it takes on the device: a sample of the snapshot's pages written into the panel's
 * IndexedDB in Chromium as a pull leaves them, `navigator.storage.estimate()` before and after,
 * scaled to every row (< 150 MB). Also: the first 5,000 rows of the snapshot (its first pages,
 * with the count), and 5,000 rows from its middle, beside the log walk's pull of 5,000 rows.
 *
 * Called from `measure()` of bench/bigPanel.ts; `npx tsx bench/bigPanelJoin.ts [--size full]
 * [--no-device]` runs it alone on the recorded PostgreSQL set.
 */
import { request as httpRequest } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { option, smoke, verdict } from './benchArgs.ts';
import { call, startServer, stop, type Running } from './serverProcess.ts';
import { endpoints } from '../src/contract/endpoints.ts';
import type { LoginData } from '../src/contract/envelope.ts';
import { DEFAULT_SERVICE_NAME, PANEL_HEADER } from '../src/contract/service.ts';
import { PULL_PAGE_MAX, SNAPSHOT_PAGE_MAX, syncEndpoints, type PullResponse, type SyncChange } from '../src/contract/sync.ts';
import { BYTES_PER_ROW } from '../src/storage/deviceStorage.ts';
import type { Db } from '../server/db/Db.ts';
import { accessById } from '../server/panels/panelAccess.ts';
import { pullSnapshot, snapshotToken } from '../server/sync/pullSnapshot.ts';
import { entities } from '../src/contract/modules.ts';
import { Product } from '../modules/WarehousingMVM/entities/masterData.ts';
import { Receipt, StockBalance, StockMove } from '../modules/WarehousingMVM/entities/stock.ts';
import { JournalLine } from '../modules/MarketAccounting/entities/ledger.ts';
import { Sale } from '../modules/NagemManagement/entities/sale.ts';
import { Punch } from '../modules/HumanResource/entities/punch.ts';
import { type BigPanelFigure, openSeeded, rssMb, serverEnvOf, timed } from './bigPanelKit.ts';

/** What bench/bigPanel.ts records of a seeded set (the fields this needs). */
export interface JoinRecord {
  engine: 'postgres' | 'pglite';
  size: string;
  username: string;
  password: string;
  panelCode: string;
  schema?: string;
  dataDir?: string;
}

export type JoinFigure = BigPanelFigure;

const TARGET_SECONDS = 60;
const TARGET_DEVICE_MB = 150;
const ROUND_TRIP_S = 0.1;
const NETWORKS = [
  { name: '10 Mbps', bps: 10_000_000, target: TARGET_SECONDS },
  { name: '1.6 Mbps', bps: 1_600_000 },
];
const SAMPLE_PAGES = 15;
const SAMPLE_ROWS = 30_000;
const FIVE_THOUSAND = 5_000;

interface Fetched {
  data: PullResponse;
  /** Bytes of the answer's body on the wire (compressed), and as JSON. */
  wire: number;
  json: number;
  ms: number;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** One pull as a browser makes it: compressed, the bytes counted as they arrive. */
function fetchPage(
  server: Running,
  token: () => string,
  panelCode: string,
  query: Record<string, string>,
): Promise<Fetched & { status: number }> {
  const url = new URL(`${server.url}${syncEndpoints.pull.path}?${new URLSearchParams(query)}`);
  const started = performance.now();
  return new Promise((done, fail) => {
    const req = httpRequest(
      url,
      { headers: { authorization: `Bearer ${token()}`, [PANEL_HEADER]: panelCode, 'accept-encoding': 'br, gzip' } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', fail);
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          const encoding = response.headers['content-encoding'];
          const text = (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString('utf8');
          const ms = performance.now() - started;
          const envelope = JSON.parse(text) as { isSuccess: boolean; data: PullResponse };
          done({ status: response.statusCode ?? 0, data: envelope.data, wire: body.length, json: Buffer.byteLength(text), ms });
        });
      },
    );
    req.on('error', fail);
    req.end();
  });
}

/**
 * A snapshot's page of 5,000 rows in the server's own function (no HTTP, no compression): the
 * first (which also estimates the total), the estimate alone, and the first page of each of the
 * biggest entities (a windowed one read by its window field's index).
 */
async function measureInProcess(record: JoinRecord, add: (what: string, p50: number, p95: number, target?: number, note?: string) => void) {
  const db: Db = await openSeeded(record);
  try {
    const [owner] = await db.query<{ id: string }>('SELECT id FROM users WHERE username = $1', [record.username]);
    const [panel] = await db.query<{ id: string }>('SELECT id FROM panels WHERE code = $1', [record.panelCode]);
    const access = (await accessById(db, panel!.id, owner!.id))!;
    const request = { cursor: 0, limit: FIVE_THOUSAND };
    let rows = 0;
    const first = await timed(async () => (rows = (await pullSnapshot(db, access, request, '')).changes.length));
    add(
      `snapshot page of ${FIVE_THOUSAND.toLocaleString('en')} rows, the first (pullSnapshot; it estimates the total too)`,
      first.p50,
      first.p95,
      100,
      `${rows} rows`,
    );
    const all = entities();
    for (const entity of [Product, StockBalance, StockMove, Receipt, JournalLine, Sale, Punch]) {
      const token = snapshotToken({
        panel: panel!.id,
        entity: all.indexOf(entity),
        part: 0,
        afterValue: '',
        after: '',
        seq: 1,
        total: 1,
        done: 0,
      });
      const t = await timed(async () => (rows = (await pullSnapshot(db, access, request, token)).changes.length));
      add(
        `snapshot page of ${FIVE_THOUSAND.toLocaleString('en')} rows, ${entity.key}'s first (pullSnapshot)`,
        t.p50,
        t.p95,
        100,
        `${rows} rows${entity.window ? ', by the window field' : ''}`,
      );
    }
  } finally {
    await db.close();
  }
}

export async function measureJoin(record: JoinRecord, figures: JoinFigure[]): Promise<void> {
  const add = (what: string, p50: number, p95: number, target?: number, note?: string) => {
    figures.push({ engine: record.engine, size: record.size, what, p50, p95, target, note });
    const ms = (v: number) => (v >= 10_000 ? `${(v / 1000).toFixed(1)} s` : `${v.toFixed(0)} ms`);
    console.log(
      `  ${what}: ${p50 === p95 ? ms(p50) : `p50 ${ms(p50)}, p95 ${ms(p95)}`}${target ? `; target < ${ms(target)} ${verdict(p95 < target)}` : ''}${note ? ` (${note})` : ''}`,
    );
  };
  await measureInProcess(record, add);
  const server: Running = await startServer(serverEnvOf(record));
  const sample: SyncChange[] = [];
  let totalRows = 0;
  try {
    const signIn = async () =>
      (
        await call<LoginData>(server.url, endpoints.login, {
          username: record.username,
          password: record.password,
          serviceName: DEFAULT_SERVICE_NAME,
        })
      ).access_token;
    let token = await signIn();
    const page = async (query: Record<string, string>): Promise<Fetched> => {
      const answer = await fetchPage(server, () => token, record.panelCode, query);
      if (answer.status === 401) {
        token = await signIn();
        return page(query);
      }
      if (answer.status !== 200 || !answer.data) throw new Error(`pull ${JSON.stringify(query)}: ${answer.status}`);
      return answer;
    };
    const snapshotPage = (snapshot: string, limit = SNAPSHOT_PAGE_MAX) => page({ cursor: '0', limit: String(limit), snapshot });

    // 5,000 rows: the log walk's first (as bigPanel.ts measures it), the snapshot's first (which counts), and from its middle.
    const fiveThousand = async (pageSize: number, next: (token: string | null, limit: number) => Promise<Fetched>) => {
      const times: number[] = [];
      // Five timed after one to warm up; a smoke run times one, unwarmed.
      for (let run = smoke ? 1 : 0; run < (smoke ? 2 : 6); run++) {
        const started = performance.now();
        let rows = 0;
        let at: string | null = null;
        while (rows < FIVE_THOUSAND) {
          const answer = await next(at, Math.min(pageSize, FIVE_THOUSAND - rows));
          rows += answer.data.changes.length;
          at = answer.data.snapshot ?? null;
          if (at === null) break;
        }
        if (run > 0) times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      return { p50: times[Math.floor(times.length / 2)]!, p95: times.at(-1)! };
    };
    let logCursor = 0;
    const log = await fiveThousand(PULL_PAGE_MAX, async (at, limit) => {
      if (at === null) logCursor = 0;
      const answer = await page({ cursor: String(logCursor), limit: String(limit) });
      logCursor = answer.data.cursor;
      return { ...answer, data: { ...answer.data, snapshot: answer.data.hasMore ? 'more' : undefined } };
    });
    add(
      `pull of ${FIVE_THOUSAND.toLocaleString('en')} rows over HTTP, the log walk (pages of ${PULL_PAGE_MAX}, from cursor 0)`,
      log.p50,
      log.p95,
    );
    const first = await fiveThousand(SNAPSHOT_PAGE_MAX, (at, limit) => snapshotPage(at ?? '', limit));
    add(
      `snapshot: its first page of ${FIVE_THOUSAND.toLocaleString('en')} rows over HTTP (it counts the total too)`,
      first.p50,
      first.p95,
      100,
    );

    // The whole snapshot, RSS once a second.
    const samples: number[] = [];
    const sampler = setInterval(() => {
      const now = rssMb(server.child.pid!);
      if (now !== null) samples.push(now);
    }, 1000);
    const pageTimes: number[] = [];
    let wire = 0;
    let json = 0;
    let pages = 0;
    let estimated = 0;
    /** Tokens of pages a quarter, half and three quarters of the way. */
    const marks: { at: string; share: number }[] = [];
    let every = 1;
    const started = performance.now();
    let lastReport = started;
    try {
      let at = '';
      for (;;) {
        const answer = await snapshotPage(at);
        pages++;
        pageTimes.push(answer.ms);
        wire += answer.wire;
        json += answer.json;
        totalRows += answer.data.changes.length;
        if (pages === 1) {
          estimated = answer.data.progress?.total ?? 0;
          every = Math.max(1, Math.round(estimated / SNAPSHOT_PAGE_MAX / SAMPLE_PAGES));
        }
        if (pages % every === 0 && sample.length < SAMPLE_ROWS) sample.push(...answer.data.changes.slice(0, SAMPLE_ROWS / SAMPLE_PAGES));
        if (!answer.data.snapshot) break;
        at = answer.data.snapshot;
        const progress = answer.data.progress;
        for (const share of [0.25, 0.5, 0.75])
          if (progress && progress.done >= progress.total * share && !marks.some((m) => m.share === share)) marks.push({ at, share });
        if (performance.now() - lastReport > 30_000) {
          lastReport = performance.now();
          console.log(
            `    … ${totalRows.toLocaleString('en')} rows in ${pages} pages, ${mb(wire)} on the wire, RSS ${samples.at(-1)?.toFixed(0)} MB`,
          );
        }
      }
    } finally {
      clearInterval(sampler);
    }
    const seconds = (performance.now() - started) / 1000;
    const half = Math.ceil(samples.length / 2);
    const peak = (xs: number[]) => (xs.length ? Math.max(...xs) : NaN);
    const sortedTimes = [...pageTimes].sort((a, b) => a - b);
    const note =
      `${totalRows.toLocaleString('en')} rows (estimated at the start: ${estimated.toLocaleString('en')}) in ${pages.toLocaleString('en')} pages, ` +
      `${mb(wire)} on the wire (brotli), ${mb(json)} as JSON, ${Math.round(totalRows / seconds).toLocaleString('en')} rows/s; ` +
      `a page p50 ${sortedTimes[Math.floor(sortedTimes.length / 2)]!.toFixed(0)} ms, p95 ${sortedTimes[Math.floor(sortedTimes.length * 0.95)]!.toFixed(0)} ms; ` +
      `server RSS min ${Math.min(...samples).toFixed(0)} MB, peak in the first half ${peak(samples.slice(0, half)).toFixed(0)} MB, in the second ${peak(samples.slice(half)).toFixed(0)} MB`;
    add('whole first sync as a snapshot over HTTP (loopback)', seconds * 1000, seconds * 1000, undefined, note);
    for (const network of NETWORKS) {
      const s = Math.max(seconds, (wire * 8) / network.bps) + pages * ROUND_TRIP_S;
      add(
        `first sync as a snapshot at ${network.name} (max(server, bytes ÷ bandwidth) + ${ROUND_TRIP_S * 1000} ms a page)`,
        s * 1000,
        s * 1000,
        network.target ? network.target * 1000 : undefined,
        `${((wire * 8) / network.bps).toFixed(1)} s of bytes, ${seconds.toFixed(1)} s of server, ${(pages * ROUND_TRIP_S).toFixed(1)} s of round trips`,
      );
    }
    if (samples.length >= 4)
      console.log(
        `  memory flat while the snapshot streams: ${verdict(peak(samples.slice(half)) <= peak(samples.slice(0, half)) * 1.1)} (second half's peak within 10% of the first's)`,
      );

    for (const { at, share } of marks) {
      const seen = await snapshotPage(at);
      const kinds = [...new Set(seen.data.changes.map((c) => c.entity))].join(', ');
      const middle = await fiveThousand(SNAPSHOT_PAGE_MAX, (token, limit) => snapshotPage(token ?? at, limit));
      add(
        `snapshot: a page of ${FIVE_THOUSAND.toLocaleString('en')} rows ${share * 100} % of the way (${kinds}) over HTTP`,
        middle.p50,
        middle.p95,
        100,
        `${mb(seen.wire)} on the wire`,
      );
    }
  } finally {
    await stop(server);
  }

  if (process.argv.includes('--no-device') || !sample.length) return;
  const { bytesPerDeviceRow } = await import('./deviceRowBytes.ts');
  const perRow = await bytesPerDeviceRow(sample);
  const deviceMb = (perRow * totalRows) / 1024 / 1024;
  add(
    `the joined panel on the device (IndexedDB in Chromium, ${totalRows.toLocaleString('en')} rows)`,
    deviceMb,
    deviceMb,
    TARGET_DEVICE_MB,
    `MB, not ms: ${perRow.toFixed(0)} bytes a row measured on ${sample.length.toLocaleString('en')} rows of the snapshot (navigator.storage.estimate()); deviceStorage.ts reckons ${BYTES_PER_ROW}`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await import('../server/modules/discover.ts');
  const size = option('--size') ?? 'full';
  const file = join(import.meta.dirname, 'results', `bigpanel-postgres-${size}.json`);
  if (!existsSync(file)) throw new Error(`${file}: no seeded set (npm run bench:bigpanel -- seed --size ${size} --engine postgres)`);
  const figures: JoinFigure[] = [];
  await measureJoin(JSON.parse(readFileSync(file, 'utf8')) as JoinRecord, figures);
  console.log(JSON.stringify(figures, null, 2));
}
