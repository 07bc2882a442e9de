/**
 * POST /api/MarketAccounting/books: the standard chart and the settings row, written unless the
 * panel has them (the accounts screen asks for them when it finds none; any posting does too).
 */
import type { FastifyInstance } from 'fastify';
import { permission } from '../../../src/contract/entity.ts';
import { envelope, inPanelWrite, object, ok, pathInScope } from '../../../server/moduleApi.ts';
import { Account } from '../entities/books.ts';
import { booksEndpoint } from '../rules/booksEndpoint.ts';
import { ensureBooks } from './books.ts';

const schema = {
  summary: 'Writes the standard chart of accounts and the accounting settings of the panel unless it has them',
  response: { 200: envelope(object({ closedUpTo: { type: ['string', 'null'], format: 'date' } }, { required: ['closedUpTo'] })) },
};

/** In the module's panel scope (a member of a panel with accounting on). */
export function booksRoute(scope: FastifyInstance): void {
  scope.post(pathInScope(scope, booksEndpoint), { schema }, async (request) => {
    const books = await inPanelWrite(request, (ctx) => ensureBooks(ctx), [permission(Account, 'create')]);
    return ok(request, books);
  });
}
