/**
 * QR code (ISO/IEC 18004) in byte mode (the text as UTF-8), versions 1–40, the smallest version
 * that holds the text at the level asked (M unless told, as bwip-js's `qrcode`), the mask of least
 * penalty. Returns the module matrix, dark = true, without quiet zone.
 */
import { reedSolomon } from './reedSolomon.ts';
import { BLOCKS, EC_PER_BLOCK, LEVEL_BITS, type QrLevel } from './qrTables.ts';

/** Modules left for data and error correction in a symbol of `version`. */
function dataModules(version: number): number {
  let modules = (16 * version + 128) * version + 64;
  if (version >= 2) {
    const align = Math.floor(version / 7) + 2;
    modules -= (25 * align - 10) * align - 55;
    if (version >= 7) modules -= 36;
  }
  return modules;
}

const dataCodewords = (version: number, level: QrLevel) =>
  Math.floor(dataModules(version) / 8) - EC_PER_BLOCK[level][version]! * BLOCKS[level][version]!;

function alignmentCentres(version: number): number[] {
  if (version === 1) return [];
  const count = Math.floor(version / 7) + 2;
  const step = Math.floor((version * 8 + count * 3 + 5) / (count * 4 - 4)) * 2;
  const size = version * 4 + 17;
  const centres = [6];
  for (let pos = size - 7; centres.length < count; pos -= step) centres.splice(1, 0, pos);
  return centres;
}

/** The data codewords: mode, count, bytes, terminator, padding. */
function dataBits(bytes: Uint8Array, version: number, capacity: number): Uint8Array {
  const bits: number[] = [];
  const put = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  put(0b0100, 4);
  put(bytes.length, version < 10 ? 8 : 16);
  for (const b of bytes) put(b, 8);
  put(0, Math.min(4, capacity * 8 - bits.length));
  put(0, (8 - (bits.length % 8)) % 8);
  for (let pad = 0xec; bits.length < capacity * 8; pad ^= 0xec ^ 0x11) put(pad, 8);
  const out = new Uint8Array(capacity);
  for (let i = 0; i < bits.length; i++) out[i >>> 3]! |= bits[i]! << (7 - (i & 7));
  return out;
}

/** Data and error-correction codewords split into blocks and interleaved. */
function interleave(data: Uint8Array, version: number, level: QrLevel): Uint8Array {
  const blocks = BLOCKS[level][version]!;
  const ecLength = EC_PER_BLOCK[level][version]!;
  const raw = Math.floor(dataModules(version) / 8);
  const short = blocks - (raw % blocks);
  const shortData = Math.floor(raw / blocks) - ecLength;
  const dataBlocks: Uint8Array[] = [];
  const ecBlocks: Uint8Array[] = [];
  for (let b = 0, at = 0; b < blocks; b++) {
    const length = shortData + (b < short ? 0 : 1);
    const block = data.subarray(at, at + length);
    at += length;
    dataBlocks.push(block);
    ecBlocks.push(reedSolomon(block, ecLength));
  }
  const out: number[] = [];
  for (let i = 0; i <= shortData; i++) for (const block of dataBlocks) if (i < block.length) out.push(block[i]!);
  for (let i = 0; i < ecLength; i++) for (const block of ecBlocks) out.push(block[i]!);
  return Uint8Array.from(out);
}

class QrSymbol {
  readonly size: number;
  readonly dark: boolean[][];
  readonly fixed: boolean[][];

  constructor(readonly version: number) {
    this.size = version * 4 + 17;
    this.dark = Array.from({ length: this.size }, () => Array<boolean>(this.size).fill(false));
    this.fixed = Array.from({ length: this.size }, () => Array<boolean>(this.size).fill(false));
  }

  set(x: number, y: number, dark: boolean) {
    this.dark[y]![x] = dark;
    this.fixed[y]![x] = true;
  }

  drawFunctionPatterns() {
    const { size } = this;
    for (let i = 0; i < size; i++) {
      this.set(6, i, i % 2 === 0);
      this.set(i, 6, i % 2 === 0);
    }
    for (const [cx, cy] of [
      [3, 3],
      [size - 4, 3],
      [3, size - 4],
    ] as const) {
      for (let dy = -4; dy <= 4; dy++) {
        for (let dx = -4; dx <= 4; dx++) {
          const x = cx + dx;
          const y = cy + dy;
          const ring = Math.max(Math.abs(dx), Math.abs(dy));
          if (x >= 0 && x < size && y >= 0 && y < size) this.set(x, y, ring !== 2 && ring !== 4);
        }
      }
    }
    const centres = alignmentCentres(this.version);
    const last = centres.length - 1;
    centres.forEach((cx, i) =>
      centres.forEach((cy, j) => {
        if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return;
        for (let dy = -2; dy <= 2; dy++)
          for (let dx = -2; dx <= 2; dx++) this.set(cx + dx, cy + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
      }),
    );
    this.drawFormat(null);
  }

  /**
   * The format and version information of `level` and `mask`; with null, what bwip-js scores the
   * masks with: format modules dark, version modules and the solitary dark module light.
   */
  drawFormat(format: { level: QrLevel; mask: number } | null) {
    const data = format ? (LEVEL_BITS[format.level] << 3) | format.mask : 0;
    let rest = data;
    for (let i = 0; i < 10; i++) rest = (rest << 1) ^ ((rest >>> 9) * 0x537);
    const bits = format ? ((data << 10) | rest) ^ 0x5412 : 0x7fff;
    const bit = (i: number) => ((bits >>> i) & 1) === 1;
    const { size } = this;
    for (let i = 0; i <= 5; i++) this.set(8, i, bit(i));
    this.set(8, 7, bit(6));
    this.set(8, 8, bit(7));
    this.set(7, 8, bit(8));
    for (let i = 9; i < 15; i++) this.set(14 - i, 8, bit(i));
    for (let i = 0; i < 8; i++) this.set(size - 1 - i, 8, bit(i));
    for (let i = 8; i < 15; i++) this.set(8, size - 15 + i, bit(i));
    this.set(8, size - 8, format !== null);
    if (this.version < 7) return;
    let versionRest = this.version;
    for (let i = 0; i < 12; i++) versionRest = (versionRest << 1) ^ ((versionRest >>> 11) * 0x1f25);
    const versionBits = format ? (this.version << 12) | versionRest : 0;
    for (let i = 0; i < 18; i++) {
      const dark = ((versionBits >>> i) & 1) === 1;
      const a = this.size - 11 + (i % 3);
      const b = Math.floor(i / 3);
      this.set(a, b, dark);
      this.set(b, a, dark);
    }
  }

  drawCodewords(codewords: Uint8Array) {
    const { size } = this;
    let i = 0;
    for (let right = size - 1; right >= 1; right -= 2) {
      if (right === 6) right = 5;
      for (let vert = 0; vert < size; vert++) {
        for (let j = 0; j < 2; j++) {
          const x = right - j;
          const y = ((right + 1) & 2) === 0 ? size - 1 - vert : vert;
          if (this.fixed[y]![x] || i >= codewords.length * 8) continue;
          this.dark[y]![x] = ((codewords[i >>> 3]! >>> (7 - (i & 7))) & 1) === 1;
          i++;
        }
      }
    }
  }

  /** Flips the data modules `mask` selects (applying it twice undoes it). */
  applyMask(mask: number) {
    for (let y = 0; y < this.size; y++) {
      for (let x = 0; x < this.size; x++) {
        if (!this.fixed[y]![x] && MASKS[mask]!(x, y)) this.dark[y]![x] = !this.dark[y]![x];
      }
    }
  }
}

const LEVELS: QrLevel[] = ['L', 'M', 'Q', 'H'];

const MASKS: ((x: number, y: number) => boolean)[] = [
  (x, y) => (x + y) % 2 === 0,
  (_, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

/**
 * The penalty of a line (row or column) as bwip-js scores it: runs of five or more alike, and
 * dark 1:1:3:1:1 patterns (at any scale) with four light modules, or the symbol's edge, beside.
 */
function linePenalty(line: readonly boolean[]): number {
  // Run lengths, light first (the first may be 0).
  const runs = [0];
  let colour = false;
  for (const dark of line) {
    if (dark === colour) runs[runs.length - 1]! += 1;
    else {
      runs.push(1);
      colour = dark;
    }
  }
  let score = 0;
  for (const run of runs) if (run >= 5) score += run - 2;
  for (let j = 3; j <= runs.length - 3; j += 2) {
    const fact = runs[j]! / 3;
    if (runs[j]! % 3 !== 0 || ![j - 2, j - 1, j + 1, j + 2].every((k) => runs[k] === fact)) continue;
    if (j === 3 || j + 4 >= runs.length || runs[j - 3]! >= 4 || runs[j + 3]! >= 4) score += 40;
  }
  return score;
}

function penalty(dark: readonly boolean[][]): number {
  const size = dark.length;
  let score = 0;
  let darkCount = 0;
  for (let y = 0; y < size; y++) {
    score += linePenalty(dark[y]!);
    score += linePenalty(dark.map((r) => r[y]!));
    for (let x = 0; x < size; x++) {
      if (dark[y]![x]) darkCount++;
      if (x + 1 < size && y + 1 < size) {
        const c = dark[y]![x];
        if (c === dark[y]![x + 1] && c === dark[y + 1]![x] && c === dark[y + 1]![x + 1]) score += 3;
      }
    }
  }
  const total = size * size;
  return score + Math.floor(Math.abs(darkCount * 20 - total * 10) / total) * 10;
}

/** The QR code of `text` as rows of modules (dark = true). */
export function qrMatrix(text: string, asked: QrLevel = 'M', onlyMask?: number): boolean[][] {
  let level = asked;
  const bytes = new TextEncoder().encode(text);
  let version = 1;
  const fits = (v: number, l: QrLevel) => 4 + (v < 10 ? 8 : 16) + bytes.length * 8 <= dataCodewords(v, l) * 8;
  while (version <= 40 && !fits(version, level)) version++;
  if (version > 40) throw new RangeError(`Too long for a QR code: ${bytes.length} bytes`);
  // A higher level where it fits the same version, as bwip-js does unless the level is fixed.
  for (const higher of LEVELS.slice(LEVELS.indexOf(asked) + 1)) if (fits(version, higher)) level = higher;
  const symbol = new QrSymbol(version);
  symbol.drawFunctionPatterns();
  symbol.drawCodewords(interleave(dataBits(bytes, version, dataCodewords(version, level)), version, level));
  let best = 0;
  let bestScore = Infinity;
  for (let mask = 0; mask < 8; mask++) {
    if (onlyMask !== undefined && mask !== onlyMask) continue;
    symbol.applyMask(mask);
    const score = penalty(symbol.dark);
    if (score < bestScore) [best, bestScore] = [mask, score];
    symbol.applyMask(mask);
  }
  symbol.applyMask(best);
  symbol.drawFormat({ level, mask: best });
  return symbol.dark;
}
