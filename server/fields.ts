/**
 * Reading a request's fields at the edge. A body must be an object (JSON or a form); every field
 * the route reads must have the type it expects and a sane length, or the request is answered
 * 400 with 9401. Nothing past this point sees `unknown`.
 */
import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors.ts';

export type Fields = Readonly<Record<string, unknown>>;

/** The request body as an object; no body counts as an empty one. */
export function bodyOf(request: FastifyRequest): Fields {
  const body = request.body;
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest();
  return body as Fields;
}

export function queryOf(request: FastifyRequest): Fields {
  const query = request.query;
  return typeof query === 'object' && query !== null ? (query as Fields) : {};
}

/** PostgreSQL text cannot hold NUL; other control characters have no place in a field either. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

function checked(value: string, max: number): string {
  if (value.length > max || CONTROL.test(value)) throw badRequest();
  return value;
}

/** A string field that must be present and not blank. */
export function requiredText(fields: Fields, name: string, max: number): string {
  const value = fields[name];
  if (typeof value !== 'string' || value.trim() === '') throw badRequest();
  return checked(value, max);
}

/** A string field that may be absent (or null); answers undefined then. */
export function optionalText(fields: Fields, name: string, max: number): string | undefined {
  const value = fields[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw badRequest();
  return checked(value, max);
}

/** Field limits generous enough for any honest client and small enough to bound the work. */
export const MAX = {
  username: 64,
  password: 1024,
  serviceName: 64,
  mobile: 32,
  code: 16,
  token: 256,
  field: 1024,
} as const;
