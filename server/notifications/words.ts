/**
 * A notification's words on the server, for web push (decision 040): from the same fa/en
 * catalogues the screens compile (the platform's locales/ and each module's locales/), read once.
 * The inbox itself is still worded on the device; a push must be readable with the app closed.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Label } from '../../src/contract/fields.ts';
import type { Lang } from '../i18n/messages.ts';
import { parsePo } from '../i18n/po.ts';

const ROOT = resolve(import.meta.dirname, '../..');

function catalogueFiles(lang: Lang): string[] {
  const modules = join(ROOT, 'modules');
  return [
    join(ROOT, 'locales', lang, 'messages.po'),
    ...readdirSync(modules).map((name) => join(modules, name, 'locales', `${lang}.po`)),
  ].filter((file) => existsSync(file));
}

let catalogues: Record<Lang, Map<string, string>> | null = null;

function catalogue(lang: Lang): Map<string, string> {
  catalogues ??= {
    fa: new Map(catalogueFiles('fa').flatMap((file) => parsePo(readFileSync(file, 'utf8')).map((e) => [e.msgid, e.msgstr] as const))),
    en: new Map(catalogueFiles('en').flatMap((file) => parsePo(readFileSync(file, 'utf8')).map((e) => [e.msgid, e.msgstr] as const))),
  };
  return catalogues[lang];
}

/** The message in `lang` with its values put in (`{name}`); the declaration's English when the catalogue lacks it. */
export function wordNotice(message: Label, values: Record<string, string | number>, lang: Lang): string {
  const text = catalogue(lang).get(message.id) || message.message;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
