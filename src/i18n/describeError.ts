/**
 * Words for a failed call, as spec section 8 says: the catalogue message of its code; with no
 * code, a server-error text with the HTTP status; with no answer at all, the unknown-error text
 * saying the server could not be reached; the spec's text for a timeout.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { isApiError } from '../api/ApiError.ts';
import { messageForCode } from './errorMessage.ts';

const unreachable = msg`Unknown error: the server could not be reached. Check your connection and try again.`;
const timedOut = msg`The operation was aborted due to timeout`;

export function describeError(i18n: I18n, error: unknown, info?: string): string {
  if (!isApiError(error)) return messageForCode(i18n, null);
  if (error.kind === 'timeout') return i18n._(timedOut);
  if (error.kind === 'network') return i18n._(unreachable);
  if (error.code !== undefined) {
    const text = messageForCode(i18n, error.code, info);
    const seconds = error.retryAfterSeconds;
    return seconds ? `${text} ${i18n._(msg`You can try again in ${seconds} seconds.`)}` : text;
  }
  const status = error.status ?? 0;
  return i18n._(msg`Server error (HTTP status ${status}). Please try again.`);
}
