/**
 * What an unforeseen failure is answered with (decision 025). The catalogue has words for where a
 * failure happened, and the error handler uses them instead of one "processing problem" for all:
 *
 * - the database could not be reached or stopped (SQLSTATE classes 08, 57, 53300): 9301, 503;
 * - the transaction was rolled back by the database (class 40: serialization, deadlock): 9302, 503;
 * - the database had no room or could not write (classes 53 and 58) while saving: 9300, 503; on a
 *   read, 9301;
 * - the database is not what this server expects (classes 42, 39, XX: a missing table or column,
 *   corruption): 9404 "contact support", 500 — trying again will not help, someone must look;
 * - anything else breaks the operation the route performs: 9100 creating, 9102 retrieving,
 *   9103 updating, 9104 deleting, 9105 saving (a route says which in its config, `failureCode`;
 *   otherwise GET retrieves, PUT and PATCH update, DELETE deletes), and 9402 where none applies.
 *   A pushed mutation the database refused is rejected with its operation's code the same way.
 *
 * The 503s are the database's own trouble: a client tries again later (sync backs off), and a
 * push does not record its mutations as rejected for them.
 *
 * No detail of the error leaves the server; the log has it.
 */
import type { FastifyRequest } from 'fastify';
import { Code } from '../src/contract/codes.ts';
import type { MutationOp } from '../src/contract/sync.ts';
import { pgErrorCode } from './db/Db.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The catalogue code of this route's operation failing (9100–9105), for unforeseen errors. */
    failureCode?: number;
  }
}

export interface FailureAnswer {
  code: number;
  status: number;
}

/** Node's words for a connection that could not be made or was lost (pg on a network). */
const connectionErrors = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

const writes = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function operationCode(request: Pick<FastifyRequest, 'method' | 'routeOptions'>): number {
  const given = request.routeOptions?.config?.failureCode;
  if (given !== undefined) return given;
  switch (request.method) {
    case 'GET':
    case 'HEAD':
      return Code.RetrieveFailed;
    case 'PUT':
    case 'PATCH':
      return Code.UpdateFailed;
    case 'DELETE':
      return Code.DeleteFailed;
    default:
      return Code.ProcessingProblem;
  }
}

function connectionLost(error: unknown): boolean {
  const code = pgErrorCode(error);
  if (code && connectionErrors.has(code)) return true;
  return (
    error instanceof Error &&
    /Connection terminated|connection (?:is )?closed|Client has encountered a connection error/i.test(error.message)
  );
}

/** The answer for a failure that is the database's, or null when it is not one. */
function databaseFailure(error: unknown, saving: boolean): FailureAnswer | null {
  if (connectionLost(error)) return { code: Code.DatabaseError, status: 503 };
  const state = pgErrorCode(error);
  if (!state || !/^[0-9A-Z]{5}$/.test(state)) return null;
  const kind = state.slice(0, 2);
  if (kind === '08' || kind === '57' || state === '53300') return { code: Code.DatabaseError, status: 503 };
  if (kind === '40') return { code: Code.TransactionFailed, status: 503 };
  if (kind === '53' || kind === '58') return { code: saving ? Code.SaveProblem : Code.DatabaseError, status: 503 };
  if (kind === '42' || kind === '39' || kind === 'XX') return { code: Code.ContactSupport, status: 500 };
  return null;
}

export function failureAnswer(error: unknown, request: Pick<FastifyRequest, 'method' | 'routeOptions'>): FailureAnswer {
  return databaseFailure(error, writes.has(request.method)) ?? { code: operationCode(request), status: 500 };
}

/** The code of one write failing unforeseen: creating, updating (a document's submit and cancel too), deleting. */
export function mutationFailureCode(op: MutationOp): number {
  if (op === 'create') return Code.CreateFailed;
  if (op === 'delete') return Code.DeleteFailed;
  return Code.UpdateFailed;
}

/** True when the failure is the database's (unreachable, stopped, rolled back, full), not the request's. */
export function databaseTrouble(error: unknown): boolean {
  return databaseFailure(error, true)?.status === 503;
}
