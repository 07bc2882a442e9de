/**
 * A badge's QR code as SVG, drawn by lean-qr (a few KB, in this lazy chunk; bwip-js's QR encoder
 * took 69 KB gzip of the precache for the same drawing). Medium error correction, as before.
 */
import { correction, generate } from 'lean-qr';
import { toSvgSource } from 'lean-qr/extras/svg';

export function badgeQrSvg(payload: string): string {
  return toSvgSource(generate(payload, { minCorrectionLevel: correction.M }), { on: 'black', off: 'white', pad: 4, xmlDeclaration: false });
}
