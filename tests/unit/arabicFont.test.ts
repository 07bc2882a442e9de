import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { sfntTables, sfntToWoff2 } from '../../build/woff2.ts';

const root = resolve(import.meta.dirname, '../..');
const source = readFileSync(resolve(root, 'node_modules/vazirmatn/misc/Non-Latin/fonts/variable/Vazirmatn-NL[wght].ttf'));
const shipped = readFileSync(resolve(root, 'src/ui/fonts/VazirmatnArabic.woff2'));

/** Reads back a WOFF2 whose tables are all untransformed: its tag, length and bytes per table. */
function woff2Tables(file: Buffer): { tag: string; data: Buffer }[] {
  expect(file.toString('latin1', 0, 4)).toBe('wOF2');
  expect(file.readUInt32BE(8)).toBe(file.length);
  const count = file.readUInt16BE(12);
  const compressedLength = file.readUInt32BE(20);
  let at = 48;
  const entries: { tag: string; length: number }[] = [];
  for (let i = 0; i < count; i++) {
    const flags = file[at++]!;
    expect(flags & 63).toBe(63);
    const tag = file.toString('latin1', at, at + 4);
    at += 4;
    expect(flags >> 6).toBe(tag === 'glyf' || tag === 'loca' ? 3 : 0);
    let length = 0;
    for (;;) {
      const byte = file[at++]!;
      length = length * 128 + (byte & 0x7f);
      if (!(byte & 0x80)) break;
    }
    entries.push({ tag, length });
  }
  const stream = brotliDecompressSync(file.subarray(at, at + compressedLength));
  let offset = 0;
  const tables = entries.map(({ tag, length }) => ({ tag, data: stream.subarray(offset, (offset += length)) }));
  expect(offset).toBe(stream.length);
  return tables;
}

describe('the Arabic-script font', () => {
  it('holds exactly the tables of the vazirmatn package’s Non-Latin variable font (npm run font:arabic after an upgrade)', () => {
    const expected = sfntTables(source).tables;
    const actual = woff2Tables(shipped);
    expect(actual.map((t) => t.tag)).toEqual(expected.map((t) => t.tag));
    for (const [i, table] of expected.entries()) expect(actual[i]!.data.equals(table.data), table.tag).toBe(true);
    expect(expected.map((t) => t.tag)).toContain('fvar');
  });

  it('packs a font smaller than it was', () => {
    expect(sfntToWoff2(source).length).toBeLessThan(source.length / 2);
  });
});
