/**
 * Fills translations into a language's catalogues — the platform's (locales/<locale>/messages.po)
 * and every module's (modules/<Key>/locales/<locale>.po): `npx tsx scripts/i18n-fill.ts fa
 * translations.json`, where the JSON maps a msgid (the English source text, or an explicit id such
 * as "error.100"; with a context, `<context>::<msgid>`) to its translation. With no JSON file it
 * lists, per catalogue, the msgids that still lack a translation.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mapPoEntries, parsePo, type PoEntry } from '../server/i18n/po.ts';

const [locale, jsonFile] = process.argv.slice(2);
if (!locale) {
  console.error('usage: npx tsx scripts/i18n-fill.ts <locale> [translations.json]');
  process.exit(2);
}
/** A message with a context is named `<context>::<msgid>` (Lingui's msg({ context, message })). */
const keyOf = (e: PoEntry) => (e.msgctxt ? `${e.msgctxt}::${e.msgid}` : e.msgid);

const catalogues = [
  `locales/${locale}/messages.po`,
  ...(existsSync('modules') ? readdirSync('modules').map((m) => join('modules', m, 'locales', `${locale}.po`)) : []),
].filter((file) => existsSync(file));

if (!jsonFile) {
  let missing = 0;
  for (const file of catalogues) {
    const lacking = parsePo(readFileSync(file, 'utf8')).filter((e) => !e.msgstr);
    for (const e of lacking) console.log(`${file}: ${JSON.stringify(keyOf(e))}`);
    missing += lacking.length;
  }
  console.error(`${missing} message(s) without a ${locale} translation in ${catalogues.length} catalogue(s)`);
  process.exit(missing ? 1 : 0);
}
const translations = JSON.parse(readFileSync(jsonFile, 'utf8')) as Record<string, string>;
let filled = 0;
for (const file of catalogues) {
  writeFileSync(
    file,
    mapPoEntries(readFileSync(file, 'utf8'), (entry) => {
      const t = translations[keyOf(entry)];
      if (t === undefined || entry.msgstr) return entry;
      filled++;
      return { ...entry, msgstr: t };
    }),
  );
}
console.log(
  `filled ${filled} message(s) from ${Object.keys(translations).length} given translations into ${catalogues.length} catalogue(s)`,
);
