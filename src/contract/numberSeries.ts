/**
 * A number series' prefix (documents.md, "Numbers"): what a panel may put before the Jalali year
 * and the sequence of a document's numbers (RC-1405-00042). One rule for the screen and the server:
 * Latin letters, digits and dashes, starting with a letter or digit, at most 12, kept upper case;
 * and only a document that is numbered has a series.
 */
import { toAsciiDigits } from './normalize.ts';
import { entities } from './modules.ts';

const PREFIX = /^[A-Z0-9][A-Z0-9-]{0,11}$/;

/** The prefix as stored (trimmed, ASCII digits, upper case), or null when it may not be one. */
export function normalizePrefix(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const prefix = toAsciiDigits(raw.trim()).toUpperCase();
  return PREFIX.test(prefix) && !prefix.endsWith('-') ? prefix : null;
}

/** The numbered documents of the declared modules, as `<Module>/<Entity>` with their own prefix. */
export function numberedDocuments(): { key: string; series: string }[] {
  return entities().flatMap((e) => (e.document?.series ? [{ key: e.key, series: e.document.series }] : []));
}
