/**
 * The one error the server throws on purpose: a catalogue code with its HTTP status. The error
 * handler in app.ts turns it, and every other failure, into the spec's envelope.
 */
import { Code } from '../src/contract/codes.ts';

export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: number,
    readonly status: number = 400,
    /** Fills the message's `{info}` placeholder. */
    readonly info?: string,
    /** Extra response headers (Retry-After on 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(`catalogue code ${code}`);
  }
}

export const badRequest = () => new AppError(Code.BadRequest, 400);
export const unauthorized = (code: number = Code.WrongCredentials) => new AppError(code, 401);
export const forbidden = () => new AppError(Code.InvalidOperation, 403);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(Code.TryAgain, 429, undefined, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
