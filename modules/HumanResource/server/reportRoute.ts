/**
 * GET /api/HumanResource/ReportIO: the in/out report of a range, from SQL, with the same code the
 * device runs (rules/attendanceReport.ts). Only what the caller may read: the punches' read grant,
 * and the row scope (one who sees only their own record gets only their own report).
 */
import { isCalendarDay, isUuid } from '../../../src/contract/fields.ts';
import type { FastifyInstance } from 'fastify';
import { Code } from '../../../src/contract/codes.ts';
import { permission } from '../../../src/contract/entity.ts';
import {
  AppError,
  arrayOf,
  columnName,
  ensurePermission,
  envelope,
  integer,
  object,
  ok,
  pathInScope,
  scopeCondition,
  selectRows,
  text,
} from '../../../server/moduleApi.ts';
import { Personnel, Rule } from '../entities/masterData.ts';
import { Punch } from '../entities/punch.ts';
import { daysFrom, punchWindow } from '../rules/attendanceDay.ts';
import { attendanceReport } from '../rules/attendanceReport.ts';
import { REPORT_MAX_DAYS, reportEndpoint, type ReportAnswer, type ReportQuery } from '../rules/reportEndpoint.ts';

const minutes = (description: string) => integer({ description: `${description}, in minutes.` });
const clock = { type: ['string', 'null'], format: 'date-time' } as const;
const daySummary = object(
  {
    day: text({ format: 'date' }),
    workDay: { type: 'boolean' },
    firstIn: clock,
    lastOut: clock,
    worked: minutes('Worked, the rule’s break taken off'),
    late: minutes('Late'),
    earlyLeave: minutes('Early leave'),
    overtime: minutes('Overtime'),
    absent: { type: 'boolean' },
    flagged: integer({ description: 'Flagged punches still waiting for a manager.' }),
    open: { type: 'boolean', description: 'An in with no out after it.' },
    noOut: { type: 'boolean', description: 'Open once the shift is over: the clock-out was never punched.' },
  },
  { required: ['day', 'workDay', 'firstIn', 'lastOut', 'worked', 'late', 'earlyLeave', 'overtime', 'absent', 'flagged', 'open', 'noOut'] },
);
const totals = object(
  {
    worked: minutes('Worked'),
    late: minutes('Late'),
    earlyLeave: minutes('Early leave'),
    overtime: minutes('Overtime'),
    absent: integer({ description: 'Absent days.' }),
    flagged: integer(),
  },
  { required: ['worked', 'late', 'earlyLeave', 'overtime', 'absent', 'flagged'] },
);
const schema = {
  summary: 'The in/out report of a range of days (at most 93), per person per day, with totals',
  querystring: object(
    {
      from: text({ format: 'date', description: 'First day (Tehran), YYYY-MM-DD.' }),
      to: text({ format: 'date', description: 'Last day, included.' }),
      placeId: text({ format: 'uuid' }),
      ruleId: text({ format: 'uuid' }),
      personnelId: text({ format: 'uuid' }),
    },
    { required: ['from', 'to'] },
  ),
  response: {
    200: envelope(
      object(
        {
          days: arrayOf(text({ format: 'date' })),
          people: arrayOf(
            object(
              { personnelId: text({ format: 'uuid' }), name: text(), code: text(), days: arrayOf(daySummary), totals },
              { required: ['personnelId', 'name', 'code', 'days', 'totals'] },
            ),
          ),
        },
        { required: ['days', 'people'] },
      ),
    ),
  },
};

/** In the module's panel scope (a member of a panel with attendance on). */
export function reportRoute(scope: FastifyInstance): void {
  scope.get(pathInScope(scope, reportEndpoint.path), { schema }, async (request) => {
    const access = request.panel;
    ensurePermission(access, permission(Punch, 'read'));
    const query = (request.query ?? {}) as Partial<Record<keyof ReportQuery, unknown>>;
    const { from, to } = query;
    const optional = (['placeId', 'ruleId', 'personnelId'] as const).map((k) => query[k]);
    if (!isCalendarDay(from) || !isCalendarDay(to) || from > to || optional.some((v) => v !== undefined && v !== '' && !isUuid(v))) {
      throw new AppError(Code.BadRequest, 400);
    }
    const days = daysFrom(from, to, REPORT_MAX_DAYS);
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
    const punches = records.map((r, i) => ({
      id: String(i),
      personnelId: String(r.personnel_id),
      at: new Date(r.at).toISOString(),
      direction: r.direction,
      status: r.status,
    }));
    const report = attendanceReport(days, personnel, rules, punches, request.server.deps.clock.now());
    return ok<ReportAnswer>(request, {
      days,
      people: report.map(({ person, days: personDays, totals }) => ({
        personnelId: person.id,
        name: String(person.name ?? ''),
        code: String(person.code ?? ''),
        days: personDays,
        totals,
      })),
    });
  });
}
