/**
 * What a first visit needs before its first screen, asked for by index.html itself, alongside the
 * app's entry instead of one round trip after it (on a phone network, 150 ms and more each):
 * - the default language's shell catalogue (build/shellCatalog.ts): the app imports the remembered
 *   language's before its first render, and Persian (DEFAULT_LOCALE) is known at build time;
 * - the login screen's chunks (src/features/auth/Login.tsx and what it imports): the page a new
 *   person opens first; `preloadRoute` would otherwise ask for them only once the entry has run.
 *   On any other page they cost a few KB, from the service worker's cache after the first visit.
 *
 * The font is not preloaded. On a slow link a preloaded font shares the bandwidth with the entry
 * script and delays the usable form by about as long as it takes (48 KB: ~250 ms at 1.6 Mbps);
 * discovered when the first text is laid out, it arrives just after, and `font-display: swap`
 * shows that text in the system font meanwhile. Later visits have it from the precache.
 */
import type { OutputBundle, OutputChunk } from 'rollup';
import type { Plugin } from 'vite';
import { staticImports } from './chunkGraph.ts';

const DEFAULT_CATALOGUE = /\/locales\/fa\/messages\.po\?shell$/;
const LOGIN_SCREEN = /\/src\/features\/auth\/Login\.tsx$/;

function chunkOf(bundle: OutputBundle, module: RegExp, what: string): OutputChunk {
  const chunk = Object.values(bundle).find(
    (file): file is OutputChunk => file.type === 'chunk' && file.moduleIds.some((id) => module.test(id)),
  );
  if (!chunk) throw new Error(`${what} is not in a chunk of this build.`);
  return chunk;
}

export function preloadFirstScreen(): Plugin {
  return {
    name: 'pishkhan:preload-first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const files = new Set([chunkOf(bundle, DEFAULT_CATALOGUE, 'The default shell catalogue (locales/fa/messages.po?shell)').fileName]);
        // Not the entry, nor what it imports: the page loads those anyway.
        const login = staticImports(
          bundle,
          chunkOf(bundle, LOGIN_SCREEN, 'The login screen (src/features/auth/Login.tsx)'),
          (chunk) => !chunk.isEntry,
        );
        for (const chunk of login) files.add(chunk.fileName);
        return [...files].map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}
