/**
 * Vazirmatn's two cuts, which `src/index.css` hands out by `unicode-range` and `npm run fonts`
 * writes under `src/ui/fonts/`:
 *
 * - Arabic script: the package's own "Non-Latin" variable font, whole.
 * - Latin: the package's whole variable font cut by HarfBuzz's subsetter (`subset-font`, its
 *   WebAssembly build inside the npm package) to exactly the code points index.css sends to it,
 *   read from the stylesheet itself so the two cannot drift apart.
 *
 * Both keep the weight axis (100–900) and are packed by Google's WOFF2 encoder (WebAssembly too,
 * through `fontverter`). Nothing is fetched: the sources are files of the `vazirmatn` package.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { convert } from 'fontverter';
import subsetFont from 'subset-font';

const root = resolve(import.meta.dirname, '..');
export const STYLESHEET = 'src/index.css';

export interface FontCut {
  /** Where the cut is written, from the repository's root. */
  file: string;
  /** The `vazirmatn` TrueType it is made from. */
  source: string;
  /** Cut to the code points of its `unicode-range` in the stylesheet; otherwise packed whole. */
  subset: boolean;
}

export const ARABIC_CUT: FontCut = {
  file: 'src/ui/fonts/VazirmatnArabic.woff2',
  source: 'node_modules/vazirmatn/misc/Non-Latin/fonts/variable/Vazirmatn-NL[wght].ttf',
  subset: false,
};
export const LATIN_CUT: FontCut = {
  file: 'src/ui/fonts/VazirmatnLatin.woff2',
  source: 'node_modules/vazirmatn/fonts/variable/Vazirmatn[wght].ttf',
  subset: true,
};

/**
 * The OpenType features the Latin cut keeps: those a browser applies to Latin text by itself, and
 * the numeric ones CSS can ask for (`tabular-nums`, fractions, old-style figures). Small capitals,
 * stylistic alternates and sets and discretionary ligatures are left out: nothing asks for them,
 * and their glyphs would add about 13 KB.
 */
const LATIN_FEATURES = ['ccmp', 'locl', 'rlig', 'liga', 'calt', 'kern', 'mark', 'mkmk', 'tnum', 'lnum', 'onum', 'frac', 'numr', 'dnom'];

/** The code points of a CSS `unicode-range` value (`U+0000-00FF, U+0131, …`), as [first, last] pairs. */
export function parseUnicodeRange(value: string): [number, number][] {
  return value.split(',').map((part) => {
    const match = /^\s*U\+([0-9A-F]{1,6})(?:-([0-9A-F]{1,6}))?\s*$/i.exec(part);
    if (!match) throw new Error(`Not a unicode-range this script reads: "${part.trim()}"`);
    const first = parseInt(match[1]!, 16);
    return [first, match[2] ? parseInt(match[2], 16) : first];
  });
}

/** The `unicode-range` of the stylesheet's @font-face whose `src` is the given cut. */
export function unicodeRangeOf(cut: FontCut, stylesheet = readFileSync(resolve(root, STYLESHEET), 'utf8')): [number, number][] {
  const name = cut.file.split('/').pop()!;
  const face = [...stylesheet.matchAll(/@font-face\s*\{([^}]*)\}/g)].map((m) => m[1]!).find((body) => body.includes(`/${name}'`));
  const range = face && /unicode-range:\s*([^;]+);/.exec(face);
  if (!range) throw new Error(`${STYLESHEET} has no @font-face with a unicode-range for ${name}`);
  return parseUnicodeRange(range[1]!);
}

function codePoints(ranges: [number, number][]): string {
  let text = '';
  for (const [first, last] of ranges) for (let c = first; c <= last; c++) text += String.fromCodePoint(c);
  return text;
}

/** The WOFF2 bytes of a cut, made from its source now. */
export async function makeCut(cut: FontCut): Promise<Buffer> {
  const source = readFileSync(resolve(root, cut.source));
  if (!cut.subset) return convert(source, 'woff2');
  return subsetFont(source, codePoints(unicodeRangeOf(cut)), { targetFormat: 'woff2', keepFeatures: LATIN_FEATURES });
}
