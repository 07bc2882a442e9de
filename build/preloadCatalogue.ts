/**
 * Preloads the default language's first catalogue. The app reads the remembered language, then
 * imports that language's shell catalogue (build/shellCatalog.ts) before its first render; for
 * Persian (the default, DEFAULT_LOCALE in src/i18n/locale.ts) it is known at build time, so the
 * page asks for it alongside the shell instead of one round trip later — on a phone network that
 * trip is the slow part.
 */
import type { Plugin } from 'vite';

const DEFAULT_CATALOGUE = /\/locales\/fa\/messages\.po\?shell$/;

export function preloadCatalogue(): Plugin {
  return {
    name: 'pishkhan:preload-catalogue',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const chunk = Object.values(bundle ?? {}).find((file) => file.type === 'chunk' && DEFAULT_CATALOGUE.test(file.facadeModuleId ?? ''));
        if (!chunk) throw new Error('The default shell catalogue (locales/fa/messages.po?shell) is not a chunk of this build.');
        return [{ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` }, injectTo: 'head' }];
      },
    },
  };
}
