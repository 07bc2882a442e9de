/**
 * Puts the app's stylesheet into index.html as a `<style>` instead of a `<link>`: on a first visit
 * the page can paint as soon as the HTML has arrived, without a second, render-blocking round trip
 * (150 ms and more on a phone network). The whole stylesheet, not a "critical" part: brotli'd
 * with the page it is about 9 KB, inside the first flight of a new connection, and a screen that
 * is not the login would otherwise wait for the rest. A lazy screen's own stylesheet (the date
 * picker's) stays a file that its chunk loads.
 *
 * The stylesheet file is dropped from the build, and from what lazy chunks ask Vite's preload
 * helper to load (that helper looks for a `<link>` and, finding none, would fetch it again). The
 * server allows this one `<style>` by its hash in the Content-Security-Policy
 * (server/inlineStyles.ts), so style elements stay forbidden otherwise.
 */
import type { OutputBundle, OutputChunk } from 'rollup';
import type { Plugin } from 'vite';
import { staticImports } from './chunkGraph.ts';

/** Vite's own marker at the end of each stylesheet, which it strips later than this plugin reads. */
const VITE_MARKER = /\/\*\$vite\$:\d+\*\//g;

/** The chunks the page loads at once: the HTML's entry and what it imports, statically. */
function pageChunks(bundle: OutputBundle): OutputChunk[] {
  const entry = Object.values(bundle).find(
    (file): file is OutputChunk => file.type === 'chunk' && file.isEntry && /\/index\.html$/.test(file.facadeModuleId ?? ''),
  );
  if (!entry) throw new Error('index.html has no entry chunk in this build.');
  return staticImports(bundle, entry);
}

export function inlineStylesheet(): Plugin {
  let css = '';
  return {
    name: 'pishkhan:inline-stylesheet',
    apply: 'build',
    generateBundle: {
      // Before Vite writes the page's <link> tags and the lazy chunks' preload lists from the same metadata.
      order: 'pre',
      handler(_options, bundle) {
        const sheets: string[] = [];
        for (const chunk of pageChunks(bundle)) {
          for (const fileName of chunk.viteMetadata?.importedCss ?? []) {
            const asset = bundle[fileName];
            if (asset?.type !== 'asset') throw new Error(`${fileName} is not a stylesheet of this build.`);
            sheets.push(String(asset.source).replace(VITE_MARKER, ''));
            delete bundle[fileName];
          }
          chunk.viteMetadata?.importedCss.clear();
        }
        if (sheets.length === 0) throw new Error('index.html loads no stylesheet to inline.');
        css = sheets.join('\n');
        if (/<\/style/i.test(css)) throw new Error('The stylesheet contains "</style", which would end an inline <style> early.');
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler: () => [{ tag: 'style', children: css, injectTo: 'head' }],
    },
  };
}
