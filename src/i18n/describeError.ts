/**
 * Words for a failed call, as spec section 8 says: the catalogue message of its code; with no
 * code, a server-error text with the HTTP status; with no answer at all, the unknown-error text
 * saying the server could not be reached; the spec's text for a timeout.
 *
 * The server's own `errorData.message` is shown instead (decision 025) when it says something the
 * catalogue cannot: its code has no words in our catalogue, or its text is not
 * the catalogue's sentence for that code (the server filled `{info}` — "Creating the product
 * “Tea 500 g” failed." — or wrote a refusal of its own). Only a message in the language the call
 * asked for is used, so a switch of language mid-call never shows a sentence in the other one.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { isApiError, type ApiError } from '../api/ApiError.ts';
import { isCatalogueCode } from '../contract/codes.ts';
import { messageForCode } from './errorMessage.ts';

const unreachable = msg`Unknown error: the server could not be reached. Check your connection and try again.`;
const timedOut = msg`The operation was aborted due to timeout`;

/** The server's message when it is in the language shown now and says more than `catalogue` does. */
function serverWords(i18n: I18n, error: ApiError, ...catalogue: string[]): string | undefined {
  const said = error.envelope?.errorData?.message?.trim();
  if (!said || !error.lang || error.lang !== i18n.locale) return undefined;
  return catalogue.includes(said) ? undefined : said;
}

export function describeError(i18n: I18n, error: unknown, info?: string): string {
  if (!isApiError(error)) return messageForCode(i18n, null);
  if (error.kind === 'timeout') return i18n._(timedOut);
  if (error.kind === 'network') return i18n._(unreachable);
  if (error.code !== undefined && isCatalogueCode(error.code)) {
    const own = messageForCode(i18n, error.code, info);
    const text = serverWords(i18n, error, own, messageForCode(i18n, error.code)) ?? own;
    const seconds = error.retryAfterSeconds;
    return seconds ? `${text} ${i18n._(msg`You can try again in ${seconds} seconds.`)}` : text;
  }
  if (error.code !== undefined) return serverWords(i18n, error, messageForCode(i18n, null)) ?? messageForCode(i18n, error.code);
  const status = error.status ?? 0;
  return i18n._(msg`Server error (HTTP status ${status}). Please try again.`);
}
