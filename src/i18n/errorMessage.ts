/**
 * The words for a catalogue code, with `{info}` filled; unknown codes give the unknown-error
 * message. Works with any i18n instance, so tests can check both languages.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { isCatalogueCode } from '../contract/codes.ts';
import { codeMessages, defaultInfo, unknownErrorMessage } from './codeMessages.ts';

export function messageForCode(i18n: I18n, code: number | undefined | null, info?: string): string {
  if (code === undefined || code === null || !isCatalogueCode(code)) return i18n._(unknownErrorMessage);
  const withInfo: MessageDescriptor = { ...codeMessages[code], values: { info: info ?? i18n._(defaultInfo) } };
  return i18n._(withInfo);
}
