/**
 * The drawings the app prints, sized as bwip-js drew them: a linear module `scale` px wide and
 * `heightMm` tall, a QR module 2 × `scale` px square (bwip-js's module unit), no quiet zone.
 */
import { code128 } from './code128.ts';
import { ean13 } from './ean13.ts';
import { qrMatrix } from './qr.ts';
import { barsSvg, matrixSvg, widthsOf } from './svg.ts';

export const ean13Svg = (code: string, scale: number, heightMm: number) => barsSvg(widthsOf(ean13(code).modules), scale, heightMm);

export const code128Svg = (text: string, scale: number, heightMm: number) => barsSvg(code128(text), scale, heightMm);

export const qrSvg = (text: string, scale: number) => matrixSvg(qrMatrix(text), 2 * scale);
