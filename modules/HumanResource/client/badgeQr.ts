/** A badge's QR code as SVG (src/ui/barcode's encoder, in this lazy chunk). */
import { qrSvg } from '@/moduleKit.ts';

export function badgeQrSvg(payload: string): string {
  return qrSvg(payload, 3);
}
