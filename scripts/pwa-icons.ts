/**
 * Makes the app icons from the one source, public/favicon.svg, by drawing it in Debian's Chromium:
 * the plain icons (transparent corners), the maskable ones (full-bleed brand colour, the logo inside
 * the 80 % safe zone) and the Apple touch icon (opaque, iOS rounds it). Run after changing the logo:
 * `npx tsx scripts/pwa-icons.ts`, then commit the PNGs in public/.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { brandColour } from '../build/webManifest.ts';

const publicDir = resolve(import.meta.dirname, '../public');
const logo = readFileSync(join(publicDir, 'favicon.svg'), 'utf8');

interface Icon {
  file: string;
  size: number;
  /** How much of the icon the logo covers; below 1 the rest is the brand colour. */
  scale: number;
}

const icons: Icon[] = [
  { file: 'pwa-64x64.png', size: 64, scale: 1 },
  { file: 'pwa-192x192.png', size: 192, scale: 1 },
  { file: 'pwa-512x512.png', size: 512, scale: 1 },
  { file: 'maskable-icon-192x192.png', size: 192, scale: 0.8 },
  { file: 'maskable-icon-512x512.png', size: 512, scale: 0.8 },
  { file: 'apple-touch-icon-180x180.png', size: 180, scale: 0.86 },
];

function pageFor({ size, scale }: Icon): string {
  const background = scale < 1 ? brandColour : 'transparent';
  const side = Math.round(size * scale);
  const svg = logo.replace('<svg ', `<svg width="${side}" height="${side}" `);
  return `<!doctype html><html><body style="margin:0;width:${size}px;height:${size}px;display:grid;place-items:center;background:${background}">${svg}</body></html>`;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox'],
});
try {
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 });
    await page.setContent(pageFor(icon));
    await page.screenshot({ path: join(publicDir, icon.file), omitBackground: true });
    await page.close();
    console.log(`public/${icon.file}`);
  }
} finally {
  await browser.close();
}
