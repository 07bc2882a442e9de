/** The spec's generic response: every answer of the API has this shape (spec section 3). */
export interface ErrorData {
  code: number;
  message: string;
}

export interface Envelope<T = unknown> {
  isSuccess: boolean;
  data: T | null;
  errorData: ErrorData | null;
  message: string;
}

export interface LoginData {
  access_token: string;
  refresh_token: string;
}

export function isEnvelope(value: unknown): value is Envelope {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.isSuccess === 'boolean' && 'data' in v && 'errorData' in v && typeof v.message === 'string';
}
