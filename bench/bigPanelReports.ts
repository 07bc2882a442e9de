/**
 * The big panel's reports computed on the server (decision 053), through HTTP as a device asks them
 * when a period reaches before its window: the busiest party's statement over a year and over the
 * longest period an endpoint takes (ten years, every one of the panel's journal lines of that party),
 * agent performance over a Jalali year of the 200,000 sales, and the in/out report of a month of
 * 500 people. Called from `measure()` of bench/bigPanel.ts; prints its figures and adds them.
 */
import { monthDays } from '../modules/MarketAccounting/rules/month.ts';
import { statementEndpoint } from '../modules/MarketAccounting/rules/statementEndpoint.ts';
import { JournalLine } from '../modules/MarketAccounting/entities/ledger.ts';
import { jalaliYearDays, performanceEndpoint } from '../modules/NagemManagement/rules/performanceEndpoint.ts';
import { reportEndpoint } from '../modules/HumanResource/rules/reportEndpoint.ts';
import { endpoints } from '../src/contract/endpoints.ts';
import type { LoginData } from '../src/contract/envelope.ts';
import { DEFAULT_SERVICE_NAME } from '../src/contract/service.ts';
import { verdict } from './benchArgs.ts';
import { call, startServer, stop } from './serverProcess.ts';
import { type BigPanelFigure, openSeeded, schemaUrl, timed } from './bigPanelKit.ts';

interface ReportRecord {
  engine: 'postgres' | 'pglite';
  size: string;
  username: string;
  password: string;
  panelCode: string;
  panelId: string;
  schema?: string;
  dataDir?: string;
}

type ReportFigure = BigPanelFigure;

const STATEMENT_TARGET = 200;
const ms = (v: number) => `${v.toFixed(1)} ms`;

/** The party with the most journal lines, and its first and last day (read before the server holds the engine). */
async function busiestParty(record: ReportRecord): Promise<{ partyId: string; lines: number; first: string; last: string } | null> {
  const db = await openSeeded(record);
  try {
    const [row] = await db.query<{ party_id: string; n: number; first: string; last: string }>(
      `SELECT party_id::text AS party_id, count(*)::int AS n, min(date)::text AS first, max(date)::text AS last FROM ${JournalLine.table}
       WHERE panel_id = $1 AND party_id IS NOT NULL AND NOT deleted GROUP BY party_id ORDER BY n DESC, party_id LIMIT 1`,
      [record.panelId],
    );
    return row ? { partyId: row.party_id, lines: row.n, first: row.first, last: row.last } : null;
  } finally {
    await db.close();
  }
}

export async function measureReports(record: ReportRecord, figures: ReportFigure[]): Promise<void> {
  const busiest = await busiestParty(record);
  const server = await startServer(record.schema ? { DATABASE_URL: schemaUrl(record.schema) } : { DATA_DIR: record.dataDir! });
  try {
    const { access_token: token } = await call<LoginData>(server.url, endpoints.login, {
      username: record.username,
      password: record.password,
      serviceName: DEFAULT_SERVICE_NAME,
    });
    const get = <T>(path: string, query: Record<string, string>) =>
      call<T>(server.url, { method: 'GET', path: `${path}?${new URLSearchParams(query)}` }, undefined, token, record.panelCode);
    const add = (what: string, t: { p50: number; p95: number }, target?: number, note?: string) => {
      figures.push({ engine: record.engine, size: record.size, what, ...t, target, note });
      console.log(
        `  ${what}: p50 ${ms(t.p50)}, p95 ${ms(t.p95)}${target ? `; target < ${target} ms ${verdict(t.p95 < target)}` : ''}${note ? ` (${note})` : ''}`,
      );
    };

    if (busiest) {
      let shown = 0;
      const year = { partyId: busiest.partyId, from: monthDays('1404-01').from, to: monthDays('1404-12').to };
      add(
        `party statement over HTTP, one year (busiest party, ${busiest.lines.toLocaleString('en')} lines in all)`,
        await timed(async () => (shown = (await get<{ lines: unknown[] }>(statementEndpoint.path, year)).lines.length)),
        STATEMENT_TARGET,
        `${shown} lines in 1404, the balance before summed in SQL`,
      );
      const whole = { partyId: busiest.partyId, from: busiest.first, to: busiest.last };
      add(
        'party statement over HTTP, every line of the busiest party',
        await timed(async () => (shown = (await get<{ lines: unknown[] }>(statementEndpoint.path, whole)).lines.length)),
        STATEMENT_TARGET,
        `${shown} lines, ${busiest.first}…${busiest.last}`,
      );
    }

    let months = 0;
    const year = jalaliYearDays(1404);
    add(
      'agent performance over HTTP, the Jalali year 1404',
      await timed(async () => (months = (await get<unknown[]>(performanceEndpoint.path, year)).length)),
      undefined,
      `${months} agent-months`,
    );

    let people = 0;
    const month = monthDays('1404-08');
    add(
      'in/out report over HTTP, a month of everyone',
      await timed(async () => (people = (await get<{ people: unknown[] }>(reportEndpoint.path, month)).people.length)),
      undefined,
      `${people} people`,
    );
  } finally {
    await stop(server);
  }
}
