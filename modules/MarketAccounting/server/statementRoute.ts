/**
 * GET /api/MarketAccounting/PartyStatement: a party's statement over any period, for a device whose
 * window of the journal does not reach back to it (decision 053). The balance before the period is
 * one SQL sum, the period's lines one indexed read; the statement is the device's own rule
 * (rules/reports.ts). Only what the caller may read: the journal's read grant and its row scope.
 */
import { isCalendarDay, isUuid } from '../../../src/contract/fields.ts';
import type { FastifyInstance } from 'fastify';
import { Code } from '../../../src/contract/codes.ts';
import { permission } from '../../../src/contract/entity.ts';
import {
  AppError,
  arrayOf,
  ensurePermission,
  envelope,
  object,
  ok,
  pathInScope,
  scopeCondition,
  selectRows,
  text,
} from '../../../server/moduleApi.ts';
import { JournalLine } from '../entities/ledger.ts';
import { addDays } from '../rules/month.ts';
import { partyStatement, type Statement } from '../rules/reports.ts';
import { STATEMENT_MAX_DAYS, statementEndpoint } from '../rules/statementEndpoint.ts';

const rials = { type: ['integer', 'string'], description: 'Rials: a number while a safe integer, decimal text beyond.' } as const;
const nullable = { type: ['string', 'null'] } as const;
const schema = {
  summary: 'A party’s statement over a period: the balance before, every line with the balance after it, and the totals',
  querystring: object(
    {
      partyId: text({ format: 'uuid' }),
      from: text({ format: 'date', description: 'First day, YYYY-MM-DD.' }),
      to: text({ format: 'date', description: `Last day, included; at most ${STATEMENT_MAX_DAYS} days after the first.` }),
    },
    { required: ['partyId', 'from', 'to'] },
  ),
  response: {
    200: envelope(
      object(
        {
          opening: rials,
          debit: rials,
          credit: rials,
          closing: rials,
          lines: arrayOf(
            object(
              {
                id: text(),
                date: text({ format: 'date' }),
                sourceNumber: nullable,
                sourceType: nullable,
                sourceId: nullable,
                note: nullable,
                debit: rials,
                credit: rials,
                balance: rials,
              },
              { required: ['id', 'date', 'sourceNumber', 'sourceType', 'sourceId', 'note', 'debit', 'credit', 'balance'] },
            ),
          ),
        },
        { required: ['opening', 'debit', 'credit', 'closing', 'lines'] },
      ),
    ),
  },
};

/** In the module's panel scope (a member of a panel with accounting on). */
export function statementRoute(scope: FastifyInstance): void {
  scope.get(pathInScope(scope, statementEndpoint.path), { schema }, async (request) => {
    const access = request.panel;
    ensurePermission(access, permission(JournalLine, 'read'));
    const { partyId, from, to } = (request.query ?? {}) as Record<string, unknown>;
    if (
      typeof partyId !== 'string' ||
      !isUuid(partyId) ||
      !isCalendarDay(from) ||
      !isCalendarDay(to) ||
      from > to ||
      addDays(from, STATEMENT_MAX_DAYS) <= to
    ) {
      throw new AppError(Code.BadRequest, 400);
    }
    const db = request.server.deps.db;
    const params: unknown[] = [access.id, partyId, from];
    const rowScope = scopeCondition(JournalLine, access, params);
    const [before] = await db.query<{ balance: string | null }>(
      `SELECT (sum(debit) - sum(credit))::text AS balance FROM ${JournalLine.table}
       WHERE panel_id = $1 AND NOT deleted AND party_id = $2::uuid AND date < $3::date${rowScope ? ` AND ${rowScope}` : ''}`,
      params,
    );
    const lines = await selectRows(db, JournalLine, access.id, (p) => {
      const where = [`party_id = $${p.push(partyId)}::uuid`, `date >= $${p.push(from)}::date`, `date <= $${p.push(to)}::date`];
      const lineScope = scopeCondition(JournalLine, access, p);
      if (lineScope) where.push(lineScope);
      return where.join(' AND ');
    });
    return ok<Statement>(request, partyStatement(lines, from, to, BigInt(before?.balance ?? '0')));
  });
}
