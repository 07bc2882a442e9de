import type { FastifyRequest } from 'fastify';
import { Code } from '../src/contract/codes.ts';
import type { Envelope } from '../src/contract/envelope.ts';
import { messageFor } from './i18n/messages.ts';

/** A success answer: `data` with the message of a success code (9000 unless told), in the request's language. */
export function ok<T>(request: FastifyRequest, data: T, code: number = Code.Done, info?: string): Envelope<T> {
  return { isSuccess: true, data, errorData: null, message: messageFor(code, request.lang, info) };
}

/** A failure answer for a catalogue code. */
export function failure(request: Pick<FastifyRequest, 'lang'>, code: number, info?: string): Envelope<null> {
  const message = messageFor(code, request.lang, info);
  return { isSuccess: false, data: null, errorData: { code, message }, message };
}
