/**
 * vite-plugin-pwa, injectManifest: src/sw.ts gets the precache list of every file the app can
 * need offline (shell, every lazy chunk, the Vazirmatn font, icons, manifest). The build fails when
 * a file of the app is missing from that list (say, a chunk grew past the size limit), since the
 * route that needs it would then not open offline.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { VitePWA, type VitePWAOptions } from 'vite-plugin-pwa';
import { webManifest } from './webManifest.ts';

const PRECACHED = /\.(js|css|html|woff2|svg|png|ico|webmanifest|wasm)$/;
/** Not the app: the install sheet's screenshots, the build files polled over the network, the SW itself. */
const NOT_PRECACHED = ['screenshots/**', 'builds/**'];
const MAX_PRECACHED_FILE_BYTES = 3 * 1024 * 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

export function pwaPlugins(): Plugin[] {
  let outDir = '';
  const rememberOutDir: Plugin = {
    name: 'pishkhan:precache-check',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
  };
  const options: Partial<VitePWAOptions> = {
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.ts',
    registerType: 'prompt',
    injectRegister: false,
    manifest: webManifest,
    // The glob below already takes the icons; listing them twice only bloats the precache list.
    includeManifestIcons: false,
    injectManifest: {
      // wasm: the barcode scanner's ZXing reader (src/ui/zxingDetector.ts), so scanning works offline.
      globPatterns: ['**/*.{js,css,html,woff2,svg,png,ico,webmanifest,wasm}'],
      globIgnores: NOT_PRECACHED,
      maximumFileSizeToCacheInBytes: MAX_PRECACHED_FILE_BYTES,
      manifestTransforms: [
        (entries) => {
          const listed = new Set(entries.map((e) => e.url.replace(/^\//, '')));
          const missing = filesUnder(outDir)
            .map((path) => relative(outDir, path).split('\\').join('/'))
            .filter((file) => PRECACHED.test(file) && file !== 'sw.js' && !/^(screenshots|builds)\//.test(file) && !listed.has(file));
          if (missing.length) throw new Error(`Not in the service worker's precache (too large?): ${missing.join(', ')}`);
          return { manifest: entries, warnings: [] };
        },
      ],
    },
    devOptions: { enabled: false },
  };
  // iOS takes its home-screen icon from this link, not from the manifest.
  const appleTouchIcon: Plugin = {
    name: 'pishkhan:apple-touch-icon',
    transformIndexHtml: () => [
      { tag: 'link', attrs: { rel: 'apple-touch-icon', href: '/apple-touch-icon-180x180.png' }, injectTo: 'head' },
    ],
  };
  return [rememberOutDir, appleTouchIcon, ...VitePWA(options)];
}
