/**
 * The server's words for catalogue codes, read from the same fa/en catalogues the client compiles
 * (ids `error.<code>`), so the two never disagree. Persian unless the request asks for English.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { messageId, UNKNOWN_ERROR_ID } from '../../src/contract/codes.ts';
import { parsePo } from './po.ts';

export type Lang = 'fa' | 'en';
export const langs: readonly Lang[] = ['fa', 'en'];

const LOCALES_DIR = resolve(import.meta.dirname, '../../locales');
const DEFAULT_INFO_ID = 'error.info.default';

function load(lang: Lang): Map<string, string> {
  const text = readFileSync(join(LOCALES_DIR, lang, 'messages.po'), 'utf8');
  return new Map(
    parsePo(text)
      .filter((e) => e.msgid.startsWith('error.'))
      .map((e) => [e.msgid, e.msgstr]),
  );
}

const catalogues: Record<Lang, Map<string, string>> = { fa: load('fa'), en: load('en') };

export function messageFor(code: number, lang: Lang, info?: string): string {
  const catalogue = catalogues[lang];
  const text = catalogue.get(messageId(code)) ?? catalogue.get(UNKNOWN_ERROR_ID) ?? String(code);
  const filler = info ?? catalogue.get(DEFAULT_INFO_ID) ?? '';
  return text.replace(/\{info\}/g, filler);
}

/** The language an Accept-Language header prefers among fa and en; fa when it names neither. */
export function langFromHeader(header: string | undefined): Lang {
  if (!header) return 'fa';
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { lang: tag.split('-')[0], q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.q > 0 && (r.lang === 'fa' || r.lang === 'en'))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return (ranked[0]?.lang as Lang | undefined) ?? 'fa';
}
