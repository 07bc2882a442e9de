/**
 * How a mutation's outcome goes back over REST: the spec's envelope with the row on success, and
 * on a rejection the catalogue code with an HTTP status that says what kind of no it is, plus
 * `data: { fields }` for field problems and `data: { row }` (the current row) where there is one.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Code } from '../../src/contract/codes.ts';
import type { Envelope } from '../../src/contract/envelope.ts';
import { failure, ok } from '../envelope.ts';
import type { MutationOutcome } from './applyMutation.ts';

export function statusOfRejection(code: number): number {
  switch (code) {
    case Code.InvalidOperation:
      return 403;
    case Code.NotFound:
      return 404;
    case Code.AlreadyExists:
    case Code.ConcurrencyFailure:
    case Code.NotPossibleNow:
      return 409;
    case Code.TryAgain:
      return 429;
    default:
      return 400;
  }
}

export function rejectionEnvelope(request: FastifyRequest, outcome: Extract<MutationOutcome, { status: 'rejected' }>): Envelope {
  const data = {
    ...(outcome.fields ? { fields: outcome.fields } : {}),
    ...(outcome.detail !== undefined ? { detail: outcome.detail } : {}),
    ...(outcome.row ? { row: outcome.row } : {}),
  };
  return { ...failure(request, outcome.code), data: Object.keys(data).length ? data : null };
}

export function sendOutcome(request: FastifyRequest, reply: FastifyReply, outcome: MutationOutcome): FastifyReply {
  if (outcome.status === 'rejected') {
    if (outcome.retryAfterMs) reply.header('Retry-After', String(Math.max(1, Math.ceil(outcome.retryAfterMs / 1000))));
    return reply.status(statusOfRejection(outcome.code)).send(rejectionEnvelope(request, outcome));
  }
  return reply.status(outcome.code === Code.Created ? 201 : 200).send(ok(request, outcome.row, outcome.code));
}
