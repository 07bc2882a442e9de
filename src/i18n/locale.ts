/**
 * The two languages, their direction and digits, and switching between them: the catalogue of
 * each is a lazy chunk; `<html lang dir>` follow the active one; the choice is remembered in the
 * key-value store (read without Dexie at start-up, written through the storage layer, which is
 * loaded only when someone switches).
 */
import { i18n, type Messages } from '@lingui/core';
import { readStoredLocaleValue } from './storedLocale.ts';

export const locales = ['fa', 'en'] as const;
export type Locale = (typeof locales)[number];
export const DEFAULT_LOCALE: Locale = 'fa';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

export function directionOf(locale: Locale): 'rtl' | 'ltr' {
  return locale === 'fa' ? 'rtl' : 'ltr';
}

/** The Intl locale tag: Persian with the Jalali calendar and Persian digits, or English. */
export function intlLocale(locale: Locale): string {
  return locale === 'fa' ? 'fa-IR-u-ca-persian-nu-arabext' : 'en-GB';
}

export type Catalogue = () => Promise<{ messages: Messages }>;

/** The public shell's words (build/shellCatalog.ts): all the login page needs. */
const shellCatalogues: Record<Locale, Catalogue> = {
  fa: () => import('../../locales/fa/messages.po?shell'),
  en: () => import('../../locales/en/messages.po?shell'),
};

/** Every word of the app, loaded once a screen beyond the public shell is on its way. */
const fullCatalogues: Record<Locale, Catalogue> = {
  fa: () => import('../../locales/fa/messages.po'),
  en: () => import('../../locales/en/messages.po'),
};

/** Each module's own words (modules/<Key>/locales), loaded with the full catalogue. */
const moduleCatalogues: Record<Locale, Catalogue>[] = [];

/** Registers a module's catalogues (src/panel/modules.ts); every later full load includes them. */
export function addCatalogues(catalogues: Record<Locale, Catalogue>): void {
  moduleCatalogues.push(catalogues);
}

/**
 * Loads the registered modules' words for the active language (the signed-in area waits for it,
 * so no module's screen or menu ever shows a word before its translation).
 */
export async function loadModuleCatalogues(): Promise<void> {
  const locale = requested ?? (await decided);
  const parts = await Promise.all(moduleCatalogues.map((c) => c[locale]()));
  for (const { messages } of parts) i18n.load(locale, messages);
  if (i18n.locale === locale) i18n.activate(locale);
}

const loaded = { shell: new Set<Locale>(), full: new Set<Locale>() };
let fullWanted = false;
/** The locale being activated: known before its words arrive, so parallel loads pick the same one. */
let requested: Locale | null = null;
let decide: (locale: Locale) => void = () => {};
/** Settles once the first activation names the locale (loads started before then wait for it). */
const decided = new Promise<Locale>((resolve) => (decide = resolve));

async function loadCatalogue(locale: Locale, part: 'shell' | 'full'): Promise<void> {
  if (loaded.full.has(locale) || loaded[part].has(locale)) return;
  const parts = await Promise.all([
    (part === 'full' ? fullCatalogues : shellCatalogues)[locale](),
    ...(part === 'full' ? moduleCatalogues.map((c) => c[locale]()) : []),
  ]);
  // `load` merges: the full catalogue adds to the shell's words, the modules' to both.
  for (const { messages } of parts) i18n.load(locale, messages);
  loaded[part].add(locale);
}

function applyToDocument(locale: Locale): void {
  const html = document.documentElement;
  html.lang = locale;
  html.dir = directionOf(locale);
}

/**
 * Loads a locale's words (the shell's, or all of them once any screen has asked for all) and makes
 * it the active one.
 */
export async function activateLocale(locale: Locale): Promise<void> {
  requested = locale;
  decide(locale);
  await loadCatalogue(locale, fullWanted ? 'full' : 'shell');
  i18n.activate(locale);
  applyToDocument(locale);
}

/**
 * Loads every word of the active language, and of any language switched to later. Screens beyond
 * the public shell (the signed-in area, the registration profile) wait for it before they draw.
 */
export async function loadFullCatalogue(): Promise<void> {
  fullWanted = true;
  const locale = requested ?? (await decided);
  await loadCatalogue(locale, 'full');
  // Re-activate so components that read the catalogue re-render with the new words.
  if (i18n.locale === locale) i18n.activate(locale);
}

/** Waits for the full catalogue, then answers what `load` gives: for lazy screens beyond the shell. */
export async function withFullCatalogue<T>(load: Promise<T>): Promise<T> {
  const [module] = await Promise.all([load, loadFullCatalogue()]);
  return module;
}

/**
 * The full catalogue and every module's words, then what `load` gives: for a lazy screen that shows
 * the modules' own words (the signed-in area, the home page's module cards). Loading the screen
 * registers the modules (src/panel/modules.ts), so their words are loaded once it has arrived.
 */
export async function withModuleCatalogues<T>(load: Promise<T>): Promise<T> {
  const module = await withFullCatalogue(load);
  await loadModuleCatalogues();
  return module;
}

/**
 * A synchronous copy of the choice, read at boot: the key-value store is the record (the spec's),
 * but opening IndexedDB before the first paint cost ~150 ms on a slow phone (bench/startup).
 */
const MIRROR_KEY = 'pishkhan.locale';

function readMirror(): Locale | null {
  try {
    const value = localStorage.getItem(MIRROR_KEY);
    return isLocale(value) ? value : null;
  } catch {
    return null;
  }
}

function writeMirror(locale: Locale): void {
  try {
    localStorage.setItem(MIRROR_KEY, locale);
  } catch {
    // Storage refused (private mode): the next boot reads the key-value store instead.
  }
}

/** The remembered locale, or Persian. */
export async function storedLocale(): Promise<Locale> {
  const mirrored = readMirror();
  if (mirrored) return mirrored;
  const raw = await readStoredLocaleValue();
  const locale = isLocale(raw) ? raw : DEFAULT_LOCALE;
  writeMirror(locale);
  return locale;
}

export async function switchLocale(locale: Locale): Promise<void> {
  await activateLocale(locale);
  writeMirror(locale);
  const { storageKeys, writeValue } = await import('../session/keyValue.ts');
  await writeValue(storageKeys.locale, locale);
}

export function activeLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}
