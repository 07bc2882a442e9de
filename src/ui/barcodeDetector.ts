/**
 * A BarcodeDetector (the Shape Detection API): the browser's own where it reads the formats asked
 * for, else the ZXing WebAssembly polyfill, loaded only then. Its WASM file is served from our
 * origin and precached by the service worker, so scanning works offline.
 */
import type { Detector } from './detector.ts';

interface NativeDetector {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
}

export async function createBarcodeDetector(formats: readonly string[]): Promise<Detector> {
  const native = (globalThis as { BarcodeDetector?: NativeDetector }).BarcodeDetector;
  if (native) {
    const supported = await native.getSupportedFormats().catch(() => [] as string[]);
    if (formats.every((f) => supported.includes(f))) return new native({ formats: [...formats] });
  }
  const { zxingDetector } = await import('./zxingDetector.ts');
  return zxingDetector(formats);
}
