/**
 * GET /api/HumanResource/ReportIO: the in/out report of a range, from SQL, with the same code the
 * device runs (rules/attendanceReport.ts). Only what the caller may read: the punches' read grant,
 * and the row scope (one who sees only their own record gets only their own report).
 */
import type { FastifyInstance } from 'fastify';
import { Code } from '../../../src/contract/codes.ts';
import { permission } from '../../../src/contract/entity.ts';
import { AppError, columnName, ensurePermission, ok, requirePanel, requireSession, scopeCondition, selectRows } from '../../../server/moduleApi.ts';
import { Personnel, Rule } from '../entities/masterData.ts';
import { Punch } from '../entities/punch.ts';
import { addDays, punchWindow } from '../rules/attendanceDay.ts';
import { attendanceReport } from '../rules/attendanceReport.ts';
import { REPORT_MAX_DAYS, reportEndpoint, type ReportAnswer, type ReportQuery } from '../rules/reportEndpoint.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isDay(value: unknown): value is string {
  return typeof value === 'string' && DAY.test(value) && new Date(`${value}T12:00:00Z`).toISOString().slice(0, 10) === value;
}

function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to && days.length <= REPORT_MAX_DAYS; day = addDays(day, 1)) days.push(day);
  return days;
}

export function reportRoute(app: FastifyInstance): void {
  app.get(reportEndpoint.path.replace(/^\/api/, ''), { preHandler: [requireSession, requirePanel] }, async (request) => {
    const access = request.panel;
    ensurePermission(access, permission(Punch, 'read'));
    const query = (request.query ?? {}) as Partial<Record<keyof ReportQuery, unknown>>;
    const { from, to } = query;
    const optional = (['placeId', 'ruleId', 'personnelId'] as const).map((k) => query[k]);
    if (!isDay(from) || !isDay(to) || from > to || optional.some((v) => v !== undefined && v !== '' && !(typeof v === 'string' && UUID.test(v)))) {
      throw new AppError(Code.BadRequest, 400);
    }
    const days = daysBetween(from, to);
    if (days.length > REPORT_MAX_DAYS) throw new AppError(Code.BadRequest, 400);
    const [placeId, ruleId, personnelId] = optional.map((v) => (typeof v === 'string' && v ? v : null));
    const db = request.server.deps.db;

    const personnel = await selectRows(db, Personnel, access.id, (params) => {
      const where = [scopeCondition(Personnel, access, params) ?? 'true'];
      if (placeId) where.push(`${columnName('placeIds')} ? $${params.push(placeId)}`);
      if (ruleId) where.push(`${columnName('ruleId')} = $${params.push(ruleId)}::uuid`);
      if (personnelId) where.push(`id = $${params.push(personnelId)}::uuid`);
      return where.join(' AND ');
    });
    if (!personnel.length) return ok<ReportAnswer>(request, { days, people: [] });

    const rules = await selectRows(db, Rule, access.id);
    const [start, end] = punchWindow(from, to);
    // Only what the day arithmetic reads: a month of a few hundred people is tens of thousands of punches.
    const params: unknown[] = [access.id, personnel.map((p) => p.id), start, end];
    const punchScope = scopeCondition(Punch, access, params);
    const records = await db.query<{ personnel_id: string; at: Date | string; direction: string; status: string }>(
      `SELECT personnel_id, at, direction, status FROM ${Punch.table}
       WHERE panel_id = $1 AND NOT deleted AND personnel_id = ANY($2::uuid[]) AND at >= $3 AND at < $4${punchScope ? ` AND ${punchScope}` : ''}`,
      params,
    );
    const punches = records.map((r, i) => ({ id: String(i), personnelId: String(r.personnel_id), at: new Date(r.at).toISOString(), direction: r.direction, status: r.status }));
    const report = attendanceReport(days, personnel, rules, punches, request.server.deps.clock.now());
    return ok<ReportAnswer>(request, {
      days,
      people: report.map(({ person, days: personDays, totals }) => ({ personnelId: person.id, name: String(person.name ?? ''), code: String(person.code ?? ''), days: personDays, totals })),
    });
  });
}
