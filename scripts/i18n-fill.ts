/**
 * Fills translations into a catalogue: `npx tsx scripts/i18n-fill.ts fa translations.json`, where
 * the JSON maps a msgid (the English source text, or an explicit id such as "error.100") to its
 * translation. With no JSON file it lists the msgids that still lack a translation.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { mapPoEntries, parsePo } from '../server/i18n/po.ts';

const [locale, jsonFile] = process.argv.slice(2);
if (!locale) {
  console.error('usage: npx tsx scripts/i18n-fill.ts <locale> [translations.json]');
  process.exit(2);
}
const file = `locales/${locale}/messages.po`;
const text = readFileSync(file, 'utf8');
if (!jsonFile) {
  const missing = parsePo(text).filter((e) => !e.msgstr);
  for (const e of missing) console.log(JSON.stringify(e.msgid));
  console.error(`${missing.length} message(s) without a ${locale} translation in ${file}`);
  process.exit(missing.length ? 1 : 0);
}
const translations = JSON.parse(readFileSync(jsonFile, 'utf8')) as Record<string, string>;
let filled = 0;
writeFileSync(
  file,
  mapPoEntries(text, (entry) => {
    const t = translations[entry.msgid];
    if (t === undefined) return entry;
    filled++;
    return { ...entry, msgstr: t };
  }),
);
console.log(`filled ${filled} of ${Object.keys(translations).length} given translations into ${file}`);
