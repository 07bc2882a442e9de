/**
 * GET /api/Panel/BooksAudit: the books-and-stock audit (server/books/audit.ts) of the X-Panel-Code
 * panel, for its owner only (403, 9400 for anyone else, whatever their role): it reads every
 * document and ledger of the panel, which no role's permissions cover as a whole.
 */
import type { FastifyInstance } from 'fastify';
import { booksAuditEndpoint, type BooksAuditResult } from '../../src/contract/booksAudit.ts';
import { Code } from '../../src/contract/codes.ts';
import { arrayOf, component, envelope, integer, object, orNull, text } from '../apiSchema/schemaKit.ts';
import { requireSession } from '../auth/session.ts';
import { auditPanel, panelsToAudit } from '../books/audit.ts';
import { ok } from '../envelope.ts';
import { AppError } from '../errors.ts';
import { requirePanel } from '../panels/panelAccess.ts';
import { apiPath } from './apiPath.ts';

const difference = component(
  'BooksAuditDifference',
  object(
    {
      check: text(),
      entity: text(),
      rowId: orNull(text({ format: 'uuid' })),
      document: orNull(object({ type: text(), id: text(), number: orNull(text()) }, { required: ['type', 'id', 'number'] })),
      expected: text(),
      found: text(),
      problem: text(),
    },
    { required: ['check', 'entity', 'rowId', 'document', 'expected', 'found', 'problem'] },
  ),
);

const schema = {
  summary: 'Recomputes the panel’s stock and books from their documents and lists every difference (the panel’s owner only)',
  response: {
    200: envelope(
      object(
        { compared: integer(), checks: arrayOf(text()), differences: arrayOf(difference), ranAt: text({ format: 'date-time' }) },
        { required: ['compared', 'checks', 'differences', 'ranAt'] },
      ),
    ),
  },
};

export function registerBooksAuditRoute(app: FastifyInstance): void {
  app.get(apiPath(booksAuditEndpoint), { preHandler: [requireSession, requirePanel], schema }, async (request) => {
    if (!request.panel.isOwner) throw new AppError(Code.InvalidOperation, 403);
    const { db, clock } = request.server.deps;
    const [panel] = await panelsToAudit(db, request.panel.id);
    if (!panel) throw new AppError(Code.NotFound, 404);
    const audit = await auditPanel(db, panel);
    const result: BooksAuditResult = {
      compared: audit.compared,
      checks: audit.checks,
      differences: audit.differences,
      ranAt: new Date(clock.now()).toISOString(),
    };
    return ok(request, result, Code.Retrieved);
  });
}
