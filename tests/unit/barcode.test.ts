// @vitest-environment node
/**
 * src/ui/barcode against bwip-js, the encoder it replaced (kept as a dev dependency for this):
 * for the same options the bars and module matrices are the same. QR texts bwip-js would put
 * partly in numeric or alphanumeric mode (ours is byte mode only) are read back with zxing-wasm.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import bwipjs from 'bwip-js/node';
import { describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { code128Svg, ean13Svg, qrSvg } from '../../src/ui/barcode/barcodeSvg.ts';
import { code128 } from '../../src/ui/barcode/code128.ts';
import { ean13, ean13Digits } from '../../src/ui/barcode/ean13.ts';
import { qrMatrix } from '../../src/ui/barcode/qr.ts';
import { widthsOf } from '../../src/ui/barcode/svg.ts';
import { barcodeSvg, symbologyFor } from '../../modules/WarehousingMVM/client/labels.ts';

type Linear = { sbs: number[] };
type Matrix = { pixs: number[]; pixx: number };
const raw = <T>(bcid: string, text: string) => (bwipjs.raw as unknown as (o: object) => T[])({ bcid, text })[0]!;

/** A small seeded generator, so a failure names an input that can be tried again. */
function random(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return Math.floor((s / 2147483648) * n);
  };
}

describe('EAN-13', () => {
  it('draws the bars bwip-js draws', () => {
    const next = random(13);
    const codes = ['5901234123457', '400638133393', '0000000000000', '9780201379624'];
    for (let i = 0; i < 150; i++) codes.push(Array.from({ length: 12 }, () => next(10)).join(''));
    for (const code of codes) expect(widthsOf(ean13(code).modules), code).toEqual(raw<Linear>('ean13', code).sbs);
  });

  it('computes and checks the check digit, and gives the digits under the bars', () => {
    expect(ean13Digits('590123412345')).toBe('5901234123457');
    expect(ean13Digits('5901234123458')).toBeNull();
    expect(ean13Digits('59012341234')).toBeNull();
    expect(ean13('590123412345').text).toEqual({ lead: '5', left: '901234', right: '123457' });
    expect(() => ean13('5901234123458')).toThrow(RangeError);
  });
});

describe('Code 128', () => {
  it('draws the bars bwip-js draws (sets B and C, start, switches, check)', () => {
    const next = random(128);
    const texts = [
      'SKU-42',
      '123456',
      'a123456',
      'ab12345',
      '12345',
      '12',
      '1',
      '1234a',
      'x1234y',
      'x12345678y',
      '12 34 5678',
      '~}|{',
      ' ',
    ];
    const pools = ['0123456789', '0123456789ABCxyz-', ' !"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~\x7f', 'abcXYZ09'];
    for (let i = 0; i < 200; i++) {
      const pool = pools[i % pools.length]!;
      texts.push(Array.from({ length: 1 + next(30) }, () => pool[next(pool.length)]).join(''));
    }
    for (const text of texts) expect(code128(text), JSON.stringify(text)).toEqual(raw<Linear>('code128', text).sbs);
  });

  it('refuses what sets B and C cannot carry; a label with such a code is drawn as QR', () => {
    for (const text of ['', 'é', 'a\tb', 'کالا', '\n']) {
      expect(() => code128(text), JSON.stringify(text)).toThrow(RangeError);
      expect(symbologyFor('code128', text)).toBe('qrcode');
      expect(barcodeSvg('ean13', text)).toMatch(/^<svg /);
    }
    expect(symbologyFor('ean13', 'TEA-1')).toBe('code128');
  });
});

/** Texts bwip-js encodes in byte mode only: no run of digits or capitals to switch mode for. */
function byteModeText(next: (n: number) => number, length: number): string {
  const pool = 'abcdefghijklmnopqrstuvwxyz .-/:_?=&آابپتثجچحخدذرزژسشصضطظعغفقکگلمنوهی۰۱۲';
  let text = '';
  while (text.length < length) text += next(8) === 0 ? String(next(10)) + pool[next(26)] : pool[next(pool.length)];
  return text.slice(0, length);
}

describe('QR code', () => {
  it('draws the matrix bwip-js draws for byte-mode texts of 1 to 300 characters (UTF-8, level M raised as it fits)', () => {
    const next = random(40);
    for (let length = 1; length <= 300; length += length < 60 ? 1 : 8) {
      const text = byteModeText(next, length);
      const theirs = raw<Matrix>('qrcode', text);
      const mine = qrMatrix(text);
      expect(mine.length, text).toBe(theirs.pixx);
      expect(mine.flat().map(Number).join(''), text).toBe(theirs.pixs.join(''));
    }
  }, 120_000);

  it('draws the same as bwip-js for label URLs and Persian names', () => {
    for (const text of [
      'https://example.com/p/42',
      'hi',
      'سلام دنیا',
      'کالای شماره یک',
      'x'.repeat(100),
      'ab'.repeat(150),
      'کالا'.repeat(40),
    ]) {
      expect(qrMatrix(text).flat().map(Number).join(''), text).toBe(raw<Matrix>('qrcode', text).pixs.join(''));
    }
  });

  it('is read back by zxing-wasm where bwip-js would mix modes (badges, digits, capitals) and up to version 40', async () => {
    const require = createRequire(import.meta.url);
    const wasm = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
    prepareZXingModule({ overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer } });
    const texts = [
      'pk1.0a1b.00112233445566778899aabbccddeeff',
      'pk1.7f3e.9a0b1c2d3e4f5061728394a5b6c7d8e9',
      '12345678901234567890',
      'LOC-A-01-02',
      'کد ۱۲۳۴۵۶ — 987654321',
      'z'.repeat(2300),
    ];
    for (const text of texts) {
      const matrix = qrMatrix(text);
      const px = 3;
      const side = (matrix.length + 8) * px;
      const data = new Uint8ClampedArray(side * side * 4).fill(255);
      matrix.forEach((row, y) =>
        row.forEach((dark, x) => {
          if (!dark) return;
          for (let dy = 0; dy < px; dy++) {
            for (let dx = 0; dx < px; dx++) {
              const at = (((y + 4) * px + dy) * side + (x + 4) * px + dx) * 4;
              data[at] = data[at + 1] = data[at + 2] = 0;
            }
          }
        }),
      );
      const read = await readBarcodes({ data, width: side, height: side, colorSpace: 'srgb' }, { formats: ['QRCode'] });
      expect(
        read.map((r) => r.text),
        text.slice(0, 40),
      ).toEqual([text]);
    }
  }, 60_000);

  it('refuses a text too long for version 40', () => {
    expect(() => qrMatrix('x'.repeat(2400))).toThrow(RangeError);
  });
});

describe('SVG', () => {
  const viewBox = (svg: string) => /viewBox="([^"]+)"/.exec(svg)?.[1];
  const draw = (bcid: string, text: string, scale: number, height?: number) =>
    (bwipjs.toSVG as unknown as (o: object) => string)({ bcid, text, scale, ...(height ? { height } : {}) });

  it('is the size bwip-js drew, one path of runs', () => {
    const cases: [string, string, string][] = [
      [ean13Svg('5901234123457', 2, 10), 'ean13', '5901234123457'],
      [code128Svg('SKU-42', 2, 10), 'code128', 'SKU-42'],
      [code128Svg('a123456', 2, 10), 'code128', 'a123456'],
    ];
    for (const [svg, bcid, text] of cases) {
      expect(viewBox(svg)).toBe(viewBox(draw(bcid, text, 2, 10)));
      expect(svg.match(/<path /g)).toHaveLength(1);
    }
    expect(viewBox(qrSvg('https://example.com/p/42', 2))).toBe(viewBox(draw('qrcode', 'https://example.com/p/42', 2)));
    expect(viewBox(qrSvg('pk1.0a1b.00112233445566778899aabbccddeeff', 3))).toBe(
      viewBox(draw('qrcode', 'pk1.0a1b.00112233445566778899aabbccddeeff', 3)),
    );
  });
});
