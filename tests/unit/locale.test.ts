import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { activateLocale, directionOf, storedLocale, switchLocale } from '../../src/i18n/locale.ts';
import { KEY_VALUE_LOCATION } from '../../src/i18n/storedLocale.ts';
import { KEY_VALUE_DB, readValue, storageKeys } from '../../src/session/keyValue.ts';

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
}

describe('the language', () => {
  it('starts in Persian, right to left, when nothing is remembered, without creating the database', async () => {
    await deleteDatabase(KEY_VALUE_DB);
    localStorage.clear();
    expect(await storedLocale()).toBe('fa');
    const names = (await indexedDB.databases()).map((d) => d.name);
    expect(names).not.toContain(KEY_VALUE_DB);
    await activateLocale(await storedLocale());
    expect([document.documentElement.lang, document.documentElement.dir]).toEqual(['fa', 'rtl']);
  });

  it('remembers a switch to English in the key-value store and reads it back before the first paint', async () => {
    await switchLocale('en');
    expect([document.documentElement.lang, document.documentElement.dir, i18n.locale]).toEqual(['en', 'ltr', 'en']);
    expect(await readValue(storageKeys.locale, (raw) => raw)).toBe('en');
    expect(await storedLocale()).toBe('en');
    await switchLocale('fa');
    expect(await storedLocale()).toBe('fa');
  });

  it('reads the choice at boot from its synchronous copy, and from the key-value store when there is none', async () => {
    await switchLocale('en');
    expect(localStorage.getItem('pishkhan.locale')).toBe('en');
    localStorage.removeItem('pishkhan.locale');
    expect(await storedLocale()).toBe('en');
    expect(localStorage.getItem('pishkhan.locale')).toBe('en');
    await switchLocale('fa');
  });

  it('reads the same database, store and key as the storage layer', () => {
    expect(KEY_VALUE_LOCATION.database).toBe(KEY_VALUE_DB);
    expect(KEY_VALUE_LOCATION.key).toBe(storageKeys.locale);
  });

  it('writes Persian right to left and English left to right', () => {
    expect(directionOf('fa')).toBe('rtl');
    expect(directionOf('en')).toBe('ltr');
  });
});

describe('the catalogues', () => {
  it('start with the public shell’s words and add the rest when a screen beyond it asks', async () => {
    const { messages: shell } = await import('../../locales/fa/messages.po?shell');
    const { messages: full } = await import('../../locales/fa/messages.po');
    expect(Object.keys(shell).length).toBeGreaterThan(50);
    expect(Object.keys(shell).length).toBeLessThan(Object.keys(full).length);
    expect(Object.keys(shell)).toEqual(expect.arrayContaining(['error.100', 'error.unknown']));
    const { loadFullCatalogue } = await import('../../src/i18n/locale.ts');
    await activateLocale('fa');
    await loadFullCatalogue();
    for (const id of Object.keys(full)) expect(i18n.messages[id], id).toBeDefined();
  });
});
