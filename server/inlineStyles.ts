/**
 * The Content-Security-Policy hashes (`'sha256-…'`) of the built index.html's `<style>` elements.
 * The build inlines the app's stylesheet there (build/inlineStylesheet.ts); the policy allows that
 * exact text and no other style element. The hashes are taken from the file the server sends, so
 * they cannot disagree with it, and taken again when the file changes: a new build copied over
 * the folder of a running server brings its own stylesheet.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';

/** The text of each inline `<style>` element of a page. */
export function inlineStyles(html: string): string[] {
  return [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi)].map((match) => match[1]!);
}

/** The CSP source of each inline `<style>` of a page, as CSP hashes it: the element's text, UTF-8. */
export function styleHashes(html: string): string[] {
  return inlineStyles(html).map((css) => `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`);
}

/** Reads a page's style hashes, again only when the file's size or time changed; none while it is absent. */
export function followStyleHashes(indexHtml: string): () => readonly string[] {
  let stamp = '';
  let hashes: readonly string[] = [];
  return () => {
    let now = 'absent';
    try {
      const stat = statSync(indexHtml);
      now = `${stat.size}:${stat.mtimeMs}`;
    } catch {
      // No build (the API alone, or a server test): no inline style to allow.
    }
    if (now !== stamp) {
      stamp = now;
      hashes = now === 'absent' ? [] : styleHashes(readFileSync(indexHtml, 'utf8'));
    }
    return hashes;
  };
}
