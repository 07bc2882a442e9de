/**
 * Scanning with the camera, end to end (issue 9): the app prints a product's EAN-13 label; that
 * label, as Chromium drew it, becomes the picture of a fake camera (a YUV4MPEG2 file written
 * here, no ffmpeg); a second Chromium started with that camera opens a goods-in receipt, turns the
 * camera on and the right product — not the other one on the device — lands on the line. The
 * BarcodeDetector is ZXing's WebAssembly, served from our own origin (Chromium on Linux has no
 * native one).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toAsciiDigits } from '../../../../src/contract/normalize.ts';
import { accountServerEnv, freshContext, signInContext } from '../../../../tests/e2e/accountSteps.ts';
import { chromiumArgs, screenshot, screenshotDir, serverAndBrowser } from '../../../../tests/e2e/harness.ts';
import { enterPanel, go } from '../../../../tests/e2e/moduleSteps.ts';
import { fa } from '../../../../tests/e2e/pwaSupport.ts';
import { Product } from '../../entities/masterData.ts';
import { at, openWarehouseWorld, panelName, type WarehouseWorld } from './warehouseWorld.ts';

const e2e = serverAndBrowser({ env: accountServerEnv });
const WIDTH = 640;
const HEIGHT = 480;
let w: WarehouseWorld;
let camera: Browser | undefined;

/**
 * In the page: the PNG (base64) centred on a white frame of WIDTH × HEIGHT, as one I420 frame
 * (BT.601 full range, as C420jpeg says), base64. A string, so no named function crosses over.
 */
const toI420 = `async ([png, width, height]) => {
  const raw = atob(png);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
  const canvas = new OffscreenCanvas(width, height);
  const g = canvas.getContext('2d');
  g.fillStyle = '#fff';
  g.fillRect(0, 0, width, height);
  const scale = Math.min((width * 0.9) / bitmap.width, (height * 0.9) / bitmap.height);
  const w = Math.round(bitmap.width * scale), h = Math.round(bitmap.height * scale);
  g.drawImage(bitmap, Math.round((width - w) / 2), Math.round((height - h) / 2), w, h);
  const rgba = g.getImageData(0, 0, width, height).data;
  const out = new Uint8Array(width * height * 1.5);
  const y = (i) => 0.299 * rgba[i] + 0.587 * rgba[i + 1] + 0.114 * rgba[i + 2];
  for (let p = 0; p < width * height; p++) out[p] = Math.round(y(p * 4));
  const u = width * height, v = u + (width / 2) * (height / 2);
  for (let row = 0; row < height / 2; row++) for (let col = 0; col < width / 2; col++) {
    const i = ((row * 2) * width + col * 2) * 4;
    const k = row * (width / 2) + col;
    out[u + k] = Math.round(128 - 0.168736 * rgba[i] - 0.331264 * rgba[i + 1] + 0.5 * rgba[i + 2]);
    out[v + k] = Math.round(128 + 0.5 * rgba[i] - 0.418688 * rgba[i + 1] - 0.081312 * rgba[i + 2]);
  }
  let text = '';
  for (let i = 0; i < out.length; i += 0x8000) text += String.fromCharCode.apply(null, out.subarray(i, i + 0x8000));
  return btoa(text);
}`;

/** A YUV4MPEG2 file of `frames` copies of one I420 frame (Chromium loops it as its fake camera). */
function writeY4m(path: string, frame: Buffer, frames = 10): void {
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  const parts: Buffer[] = [header];
  for (let i = 0; i < frames; i++) parts.push(Buffer.from('FRAME\n'), frame);
  writeFileSync(path, Buffer.concat(parts));
}

beforeAll(async () => {
  w = await openWarehouseWorld(e2e.browser, e2e.server);
  await w.call(Product, { name: 'برنج هاشمی', code: 'RICE-1', unit: 'kg', barcodes: ['4006381333931'], active: true });
});

afterAll(async () => {
  await camera?.close();
  await w?.context.close();
});

describe('scanning with the camera', () => {
  it('reads the label the app printed and puts that product on the receipt line', async () => {
    const { page } = w;
    await go(page, `${at('Product/ProductBarcodeMaker')}?ids=${w.tea.id}&count=1`);
    await page.getByRole('combobox', { name: fa('Barcode') }).selectOption('ean13');
    await page.getByRole('combobox', { name: fa('Label size') }).selectOption('roll40x25');
    const label = page.locator('.label').first();
    await label.locator('svg').waitFor();
    // The label as printed: no notice of the app's floating over it.
    await expect.poll(() => page.locator('div[aria-live="polite"] > *').count()).toBe(0);
    await screenshot(page, 'wh9-camera-label-fa-390');
    const png = (await label.screenshot()).toString('base64');
    const frame = Buffer.from(await page.evaluate<string>(`(${toI420})(${JSON.stringify([png, WIDTH, HEIGHT])})`), 'base64');
    const y4m = join(screenshotDir, 'wh9-camera-label.y4m');
    writeY4m(y4m, frame);

    camera = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        ...chromiumArgs,
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        `--use-file-for-fake-video-capture=${y4m}`,
      ],
    });
    const context = await freshContext(camera, e2e.server, 390);
    await signInContext(context, e2e.server, w.person.username, w.person.password);
    const phone = await context.newPage();
    await enterPanel(phone, panelName);
    await phone.goto(`${at('Receipt/AddReceipt')}?direction=in`);
    await phone.getByRole('button', { name: fa('Scan with the camera') }).click();
    const line = phone.getByRole('listitem', { name: fa('Line {number}', { number: '۱' }) });
    const product = line.getByRole('combobox', { name: fa('field.ReceiptLine.productId') });
    await expect.poll(() => product.inputValue(), { timeout: 30_000 }).toBe('چای سبز');
    expect(Number(toAsciiDigits(await line.getByLabel(fa('field.ReceiptLine.quantity')).inputValue()))).toBeGreaterThanOrEqual(1);
    await screenshot(phone, 'wh9-camera-scanned-fa-390');
    await context.close();
  });
});
