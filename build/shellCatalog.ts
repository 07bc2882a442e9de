/**
 * The login page's share of a message catalogue. Importing `locales/<locale>/messages.po?shell`
 * gives the compiled messages used by the public shell only (the files under `shellPaths`), so the
 * first load of /auth/Login does not carry every screen's words; the whole catalogue follows when
 * the signed-in area or another screen needs it (src/i18n/locale.ts). The .po files stay one per
 * language, as translators and the server know them: the subset is cut at build time from the
 * source files each message comes from (the catalogue's `#:` lines).
 */
import { relative } from 'node:path';
import { getConfig } from '@lingui/conf';
import { createCompiledCatalog, getCatalogForFile, getCatalogs } from '@lingui/cli/api';
import type { Plugin } from 'vite';

export interface ShellCatalogOptions {
  /** Source folders (or files) whose messages the shell renders before the full catalogue loads. */
  shellPaths: readonly string[];
  /** Folders inside them that belong to the signed-in area after all. */
  exceptPaths?: readonly string[];
}

const SUFFIX = '.po?shell';

export function shellCatalogPlugin({ shellPaths, exceptPaths = [] }: ShellCatalogOptions): Plugin {
  const inShell = (file: string) => shellPaths.some((p) => file.startsWith(p)) && !exceptPaths.some((p) => file.startsWith(p));
  return {
    name: 'pishkhan-shell-catalog',
    async transform(_source, id) {
      if (!id.endsWith(SUFFIX)) return null;
      const file = id.slice(0, -'?shell'.length);
      const config = getConfig({ cwd: process.cwd() });
      const found = getCatalogForFile(relative(config.rootDir ?? process.cwd(), file), await getCatalogs(config));
      if (!found) throw new Error(`${file} is not one of the catalogues in lingui.config`);
      const { locale, catalog } = found;
      this.addWatchFile(file);
      const entries = (await catalog.read(locale)) ?? {};
      const { messages } = await catalog.getTranslations(locale, {
        fallbackLocales: config.fallbackLocales || {},
        sourceLocale: config.sourceLocale ?? 'en',
      });
      const shell = Object.fromEntries(
        Object.entries(messages).filter(([messageId]) => entries[messageId]?.origin?.some(([origin]) => inShell(origin))),
      );
      const { source, errors } = createCompiledCatalog(locale, shell, { namespace: 'es' });
      if (errors.length) throw new Error(`the shell catalogue of ${locale} does not compile: ${errors.map((e) => e.id).join(', ')}`);
      return { code: source, map: null };
    },
  };
}
