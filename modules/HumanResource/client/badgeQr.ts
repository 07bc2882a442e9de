/** A badge's QR code as SVG, drawn by bwip-js (only its QR encoder is bundled, in this lazy chunk). */
import { drawingSVG, qrcode } from 'bwip-js/browser';

export function badgeQrSvg(payload: string): string {
  return qrcode({ bcid: 'qrcode', text: payload, scale: 3 }, drawingSVG());
}
