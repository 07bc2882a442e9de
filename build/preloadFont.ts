/**
 * Preloads the Arabic-script cut of Vazirmatn, which every Persian screen, the login first, draws
 * with. Without it the browser finds the font only after the stylesheet has arrived and the
 * first text is laid out: one more round trip before the real letters show.
 */
import type { Plugin } from 'vite';

const ARABIC_FONT = /src\/ui\/fonts\/VazirmatnArabic\.woff2$/;

export function preloadFont(): Plugin {
  return {
    name: 'pishkhan:preload-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const font = Object.values(bundle ?? {}).find((file) => file.type === 'asset' && file.originalFileNames.some((name) => ARABIC_FONT.test(name)));
        if (!font) throw new Error('The Arabic-script font (src/ui/fonts/VazirmatnArabic.woff2) is not an asset of this build.');
        return [{ tag: 'link', attrs: { rel: 'preload', as: 'font', type: 'font/woff2', crossorigin: true, href: `/${font.fileName}` }, injectTo: 'head' }];
      },
    },
  };
}
