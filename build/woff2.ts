/**
 * Packs a TrueType font (an sfnt) into WOFF2 without WOFF2's optional glyph transform: every table
 * as it is (transform version 3 for glyf/loca, 0 for the rest), all of them in one brotli stream
 * at the highest quality. Browsers read it like any WOFF2 (W3C WOFF2 §5); the transform would save
 * a few per cent more, and needs a glyph re-encoder we do not have.
 */
import { constants, brotliCompressSync } from 'node:zlib';

interface Table {
  tag: string;
  data: Buffer;
}

/** The sfnt's tables in its directory's order (tag order). */
export function sfntTables(font: Buffer): { flavor: number; tables: Table[] } {
  const count = font.readUInt16BE(4);
  const tables: Table[] = [];
  for (let i = 0; i < count; i++) {
    const entry = 12 + 16 * i;
    const offset = font.readUInt32BE(entry + 8);
    tables.push({ tag: font.toString('latin1', entry, entry + 4), data: font.subarray(offset, offset + font.readUInt32BE(entry + 12)) });
  }
  return { flavor: font.readUInt32BE(0), tables };
}

/** WOFF2's UIntBase128: big-endian groups of 7 bits, the high bit set on all but the last. */
function base128(value: number): Buffer {
  const groups = [value & 0x7f];
  for (let rest = Math.floor(value / 128); rest > 0; rest = Math.floor(rest / 128)) groups.unshift((rest & 0x7f) | 0x80);
  return Buffer.from(groups);
}

const round4 = (n: number) => Math.ceil(n / 4) * 4;
const ARBITRARY_TAG = 63;
const NULL_TRANSFORM_GLYF = 3 << 6;

export function sfntToWoff2(font: Buffer): Buffer {
  const { flavor, tables } = sfntTables(font);
  const directory = Buffer.concat(
    tables.flatMap(({ tag, data }) => {
      const flags = ARBITRARY_TAG | (tag === 'glyf' || tag === 'loca' ? NULL_TRANSFORM_GLYF : 0);
      return [Buffer.from([flags]), Buffer.from(tag, 'latin1'), base128(data.length)];
    }),
  );
  const stream = Buffer.concat(tables.map((t) => t.data));
  const compressed = brotliCompressSync(stream, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_FONT,
      [constants.BROTLI_PARAM_LGWIN]: 24,
      [constants.BROTLI_PARAM_SIZE_HINT]: stream.length,
    },
  });
  const HEADER = 48;
  const length = round4(HEADER + directory.length + compressed.length);
  const header = Buffer.alloc(HEADER);
  header.write('wOF2', 0, 'latin1');
  header.writeUInt32BE(flavor, 4);
  header.writeUInt32BE(length, 8);
  header.writeUInt16BE(tables.length, 12);
  header.writeUInt32BE(12 + 16 * tables.length + tables.reduce((n, t) => n + round4(t.data.length), 0), 16);
  header.writeUInt32BE(compressed.length, 20);
  header.writeUInt16BE(1, 24);
  // Offsets and lengths of metadata and private data (none) stay 0.
  const file = Buffer.alloc(length);
  Buffer.concat([header, directory, compressed]).copy(file);
  return file;
}
