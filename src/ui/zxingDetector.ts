/** The ZXing polyfill of BarcodeDetector, with its WASM from our own origin (never a CDN). */
import { BarcodeDetector, prepareZXingModule, type BarcodeFormat } from 'barcode-detector/ponyfill';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import type { Detector } from './detector.ts';

prepareZXingModule({
  overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
});

export function zxingDetector(formats: readonly string[]): Detector {
  return new BarcodeDetector({ formats: formats as BarcodeFormat[] });
}
