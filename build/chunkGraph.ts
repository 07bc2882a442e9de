/**
 * The build's chunks as the browser loads them: a chunk brings the chunks it imports statically,
 * and those theirs. The build's plugins that put things into index.html (build/inlineStylesheet.ts,
 * build/preloadFirstScreen.ts) ask it what a page or a screen loads at once.
 */
import type { OutputBundle, OutputChunk } from 'rollup';

/**
 * `from` and every chunk it imports statically, transitively, each once. A chunk `follow` refuses
 * is left out, and so is what only it imports.
 */
export function staticImports(
  bundle: OutputBundle,
  from: OutputChunk,
  follow: (chunk: OutputChunk) => boolean = () => true,
): OutputChunk[] {
  const seen = new Map<string, OutputChunk>();
  const visit = (chunk: OutputChunk) => {
    if (seen.has(chunk.fileName) || !follow(chunk)) return;
    seen.set(chunk.fileName, chunk);
    for (const name of chunk.imports) {
      const imported = bundle[name];
      if (imported?.type === 'chunk') visit(imported);
    }
  };
  visit(from);
  return [...seen.values()];
}
