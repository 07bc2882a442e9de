/**
 * `npm run fonts`: writes Vazirmatn's two cuts, Arabic script and Latin, as WOFF2 under
 * src/ui/fonts/ (build/fontCuts.ts says how each is made). Run it again after upgrading `vazirmatn`
 * or changing a cut's `unicode-range` in src/index.css; a unit test fails until then.
 */
import { statSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ARABIC_CUT, LATIN_CUT, makeCut } from '../build/fontCuts.ts';

const root = resolve(import.meta.dirname, '..');

for (const cut of [ARABIC_CUT, LATIN_CUT]) {
  const woff2 = await makeCut(cut);
  writeFileSync(resolve(root, cut.file), woff2);
  const source = statSync(resolve(root, cut.source)).size;
  console.log(`${cut.file}: ${(woff2.length / 1024).toFixed(1)} KB (from ${cut.source}, ${(source / 1024).toFixed(0)} KB TrueType)`);
}
