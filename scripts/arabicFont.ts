/**
 * `npm run font:arabic`: writes src/ui/fonts/VazirmatnArabic.woff2, the Arabic-script cut of
 * Vazirmatn (the package's own "Non-Latin" variable font, weights 100–900), as WOFF2 — the package
 * ships that cut only as TrueType. Run it again after upgrading `vazirmatn`; a unit test checks the
 * file still holds the package's tables.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { sfntToWoff2 } from '../build/woff2.ts';

const root = resolve(import.meta.dirname, '..');
const ARABIC_FONT_SOURCE = 'node_modules/vazirmatn/misc/Non-Latin/fonts/variable/Vazirmatn-NL[wght].ttf';
const ARABIC_FONT = 'src/ui/fonts/VazirmatnArabic.woff2';

const woff2 = sfntToWoff2(readFileSync(resolve(root, ARABIC_FONT_SOURCE)));
writeFileSync(resolve(root, ARABIC_FONT), woff2);
console.log(`${ARABIC_FONT}: ${(woff2.length / 1024).toFixed(1)} KB`);
