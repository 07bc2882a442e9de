// @vitest-environment node
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { convert } from 'fontverter';
import { describe, expect, it } from 'vitest';
import { ARABIC_CUT, LATIN_CUT, makeCut, unicodeRangeOf, type FontCut } from '../../build/fontCuts.ts';

const root = resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(resolve(root, file));

/** An sfnt's table by tag. */
function table(font: Buffer, tag: string): Buffer {
  for (let i = 0; i < font.readUInt16BE(4); i++) {
    const entry = 12 + 16 * i;
    if (font.toString('latin1', entry, entry + 4) === tag) {
      const offset = font.readUInt32BE(entry + 8);
      return font.subarray(offset, offset + font.readUInt32BE(entry + 12));
    }
  }
  throw new Error(`no ${tag} table`);
}

/** The code points a font maps to a glyph, from its cmap's Unicode subtable (format 4 or 12). */
function mappedCodePoints(font: Buffer): Set<number> {
  const cmap = table(font, 'cmap');
  const found = new Set<number>();
  for (let i = 0; i < cmap.readUInt16BE(2); i++) {
    const sub = cmap.readUInt32BE(4 + 8 * i + 4);
    const format = cmap.readUInt16BE(sub);
    if (format === 12) {
      for (let g = 0; g < cmap.readUInt32BE(sub + 12); g++) {
        const group = sub + 16 + 12 * g;
        for (let c = cmap.readUInt32BE(group); c <= cmap.readUInt32BE(group + 4); c++) found.add(c);
      }
    } else if (format === 4) {
      const segments = cmap.readUInt16BE(sub + 6) / 2;
      const ends = sub + 14;
      const starts = ends + 2 * segments + 2;
      const deltas = starts + 2 * segments;
      const rangeOffsets = deltas + 2 * segments;
      for (let s = 0; s < segments; s++) {
        const end = cmap.readUInt16BE(ends + 2 * s);
        const start = cmap.readUInt16BE(starts + 2 * s);
        const delta = cmap.readUInt16BE(deltas + 2 * s);
        const rangeOffset = cmap.readUInt16BE(rangeOffsets + 2 * s);
        for (let c = start; c <= end && c !== 0xffff; c++) {
          const glyph = rangeOffset === 0 ? (c + delta) & 0xffff : cmap.readUInt16BE(rangeOffsets + 2 * s + rangeOffset + 2 * (c - start));
          if (glyph !== 0) found.add(c);
        }
      }
    }
  }
  return found;
}

/** The font's variation axes: tag, least, default and greatest value. */
function axes(font: Buffer): { tag: string; min: number; default: number; max: number }[] {
  const fvar = table(font, 'fvar');
  const first = fvar.readUInt16BE(4);
  return Array.from({ length: fvar.readUInt16BE(8) }, (_, i) => {
    const at = first + i * fvar.readUInt16BE(10);
    return {
      tag: fvar.toString('latin1', at, at + 4),
      min: fvar.readInt32BE(at + 4) / 65536,
      default: fvar.readInt32BE(at + 8) / 65536,
      max: fvar.readInt32BE(at + 12) / 65536,
    };
  });
}

const inRange = (cut: FontCut) => (c: number) => unicodeRangeOf(cut).some(([first, last]) => c >= first && c <= last);

describe('the font cuts', () => {
  it.each([ARABIC_CUT, LATIN_CUT])('$file is what `npm run fonts` makes from the vazirmatn package now', async (cut) => {
    expect((await makeCut(cut)).equals(read(cut.file))).toBe(true);
  });

  it.each([ARABIC_CUT, LATIN_CUT])('$file is a WOFF2 variable font of weights 100 to 900', async (cut) => {
    const shipped = read(cut.file);
    expect(shipped.toString('latin1', 0, 4)).toBe('wOF2');
    expect(axes(await convert(shipped, 'truetype'))).toEqual([{ tag: 'wght', min: 100, default: 400, max: 900 }]);
  });

  it('the Arabic-script cut maps every code point of the package’s Non-Latin font', async () => {
    const cut = mappedCodePoints(await convert(read(ARABIC_CUT.file), 'truetype'));
    expect([...cut].sort((a, b) => a - b)).toEqual([...mappedCodePoints(read(ARABIC_CUT.source))].sort((a, b) => a - b));
    expect(cut.has(0x06cc)).toBe(true);
  });

  it('the Latin cut maps exactly the code points of its unicode-range that the whole font has', async () => {
    const whole = [...mappedCodePoints(read(LATIN_CUT.source))].filter(inRange(LATIN_CUT)).sort((a, b) => a - b);
    const cut = [...mappedCodePoints(await convert(read(LATIN_CUT.file), 'truetype'))].sort((a, b) => a - b);
    expect(cut).toEqual(whole);
    expect(cut).toEqual(expect.arrayContaining(['A', 'z', '0', '9', 'é', '€'].map((c) => c.codePointAt(0)!)));
    expect(cut.some((c) => c >= 0x0600 && c <= 0x06ff)).toBe(false);
  });
});
