/**
 * GET /api/NagemManagement/AgentPerformance: per agent and Jalali month, the figures of the sales
 * closed in a period, for a device whose window of sales does not reach back to it (decision 053).
 * Only the columns the rule reads, of the sales the caller may read (an agent: their own), worked
 * out by the device's rule (rules/salesFigures.ts).
 */
import { isCalendarDay } from '../../../src/contract/fields.ts';
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
import { Agent } from '../entities/catalogue.ts';
import { Sale } from '../entities/sale.ts';
import { addDays } from '../rules/jalaliMonth.ts';
import { PERFORMANCE_MAX_DAYS, performanceEndpoint } from '../rules/performanceEndpoint.ts';
import { agentPerformance, type AgentMonthFigures } from '../rules/salesFigures.ts';

const rials = { type: ['integer', 'string'], description: 'Rials: a number while a safe integer, decimal text beyond.' } as const;
const nullableInteger = { type: ['integer', 'null'] } as const;
const schema = {
  summary: 'Per agent and Jalali month of closing, the sales won and lost, their amount, conversion, days to close and commission',
  querystring: object(
    {
      from: text({ format: 'date', description: 'First day of closing, YYYY-MM-DD.' }),
      to: text({ format: 'date', description: `Last day, included; at most ${PERFORMANCE_MAX_DAYS} days after the first.` }),
    },
    { required: ['from', 'to'] },
  ),
  response: {
    200: envelope(
      arrayOf(
        object(
          {
            memberId: text(),
            month: text(),
            won: integer(),
            lost: integer(),
            amount: rials,
            conversion: nullableInteger,
            avgDaysToClose: nullableInteger,
            commission: rials,
          },
          { required: ['memberId', 'month', 'won', 'lost', 'amount', 'conversion', 'avgDaysToClose', 'commission'] },
        ),
      ),
    ),
  },
};

/** In the module's panel scope (a member of a panel with sales on). */
export function performanceRoute(scope: FastifyInstance): void {
  scope.get(pathInScope(scope, performanceEndpoint.path), { schema }, async (request) => {
    const access = request.panel;
    ensurePermission(access, permission(Sale, 'read'));
    const { from, to } = (request.query ?? {}) as Record<string, unknown>;
    if (!isCalendarDay(from) || !isCalendarDay(to) || from > to || addDays(from, PERFORMANCE_MAX_DAYS) <= to)
      throw new AppError(Code.BadRequest, 400);
    const db = request.server.deps.db;
    const params: unknown[] = [access.id, from, to];
    const rowScope = scopeCondition(Sale, access, params);
    const sales = await db.query<Record<string, string | null>>(
      `SELECT id::text AS id, ${columnName('agentMemberId')}::text AS "agentMemberId", stage, status, date::text AS date,
              ${columnName('closedOn')}::text AS "closedOn", net::text AS net
       FROM ${Sale.table}
       WHERE panel_id = $1 AND NOT deleted AND stage IN ('won', 'lost') AND ${columnName('closedOn')} >= $2::date AND ${columnName('closedOn')} <= $3::date${rowScope ? ` AND ${rowScope}` : ''}`,
      params,
    );
    const agents = await selectRows(db, Agent, access.id);
    const rates = new Map(agents.filter((a) => typeof a.memberId === 'string').map((a) => [a.memberId as string, a.commissionRate]));
    return ok<AgentMonthFigures[]>(request, agentPerformance(sales as { id: string }[], rates, from, to));
  });
}
