import { describe, expect, it } from 'vitest';
import { badgeQrSvg } from '../../modules/HumanResource/client/badgeQr.ts';
import { barcodeSvg } from '../../modules/WarehousingMVM/client/labels.ts';

/**
 * The only markup the PWA puts in as HTML is the SVG of barcodes and badges. The CSP allows no
 * inline style attribute (server/securityHeaders.ts), so a `style="…"` in it would be dropped by
 * the browser and the drawing would change: none may carry one.
 */
describe('SVG drawn for labels and badges', () => {
  it('carries no style attribute and no style element', () => {
    const drawings = [
      badgeQrSvg('pk1.0a1b.00112233445566778899aabbccddeeff'),
      barcodeSvg('ean13', '5901234123457'),
      barcodeSvg('code128', 'SKU-42'),
      barcodeSvg('qrcode', 'https://example.com/p/42'),
    ];
    for (const svg of drawings) {
      expect(svg).toMatch(/^<svg /);
      expect(svg).not.toMatch(/\sstyle\s*=|<style/i);
    }
  });
});
