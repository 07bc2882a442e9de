/** What reads barcodes from a camera frame: the browser's BarcodeDetector or the ZXing polyfill (barcodeDetector.ts). */
export interface DetectedBarcode {
  rawValue: string;
  format: string;
}

export interface Detector {
  detect(source: HTMLVideoElement | ImageBitmapSource): Promise<DetectedBarcode[]>;
}
