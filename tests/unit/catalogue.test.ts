import { setupI18n, type I18n } from '@lingui/core';
import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/ApiError.ts';
import { allCodes, Code } from '../../src/contract/codes.ts';
import { describeError } from '../../src/i18n/describeError.ts';
import { messageForCode } from '../../src/i18n/errorMessage.ts';
import { DEFAULT_LOCALE, type Locale } from '../../src/i18n/locale.ts';
import { messages as enMessages } from '../../locales/en/messages.po';
import { messages as faMessages } from '../../locales/fa/messages.po';

function i18nFor(locale: Locale): I18n {
  return setupI18n({ locale, messages: { fa: faMessages, en: enMessages } });
}

const fa = i18nFor('fa');
const en = i18nFor('en');
const persianLetters = /[\u0600-\u06FF]/;

/** The codes of spec section 8, table by table, written out here so a code dropped from the contract fails. */
const specCodes = [
  100, 101, 103, 110, 111, 112, 121, 122, 123, 124, 9000, 9001, 9002, 9003, 9004, 9005, 9006, 9100, 9101, 9102, 9103, 9104, 9105, 9106,
  9107, 9200, 301, 9201, 9202, 9203, 9204, 9300, 9301, 9302, 9303, 9400, 9401, 9402, 9403, 9404,
];

describe('the error catalogue of spec section 8', () => {
  it('knows every code of the spec', () => {
    expect([...allCodes].sort()).toEqual([...specCodes].sort());
  });

  it.each(specCodes)('has Persian and English words for %i', (code) => {
    const persian = messageForCode(fa, code, 'سفارش');
    const english = messageForCode(en, code, 'The order');
    expect(persian).toMatch(persianLetters);
    expect(english).not.toMatch(persianLetters);
    expect(english.length).toBeGreaterThan(3);
    for (const text of [persian, english]) {
      expect(text).not.toContain('{info}');
      expect(text).not.toBe(`error.${code}`);
    }
    expect(persian).not.toBe(messageForCode(fa, null));
  });

  it('fills {info} with what the caller names, or a default', () => {
    expect(messageForCode(en, Code.Created, 'The warehouse')).toBe('The warehouse was created successfully.');
    expect(messageForCode(fa, Code.Created, 'انبار')).toContain('انبار');
    expect(messageForCode(en, Code.Updated)).toBe('The record was updated successfully.');
    expect(messageForCode(fa, Code.Updated)).not.toContain('{info}');
  });

  it('says 9200 and 301 alike', () => {
    expect(messageForCode(fa, 301)).toBe(messageForCode(fa, 9200));
    expect(messageForCode(en, 301)).toBe(messageForCode(en, 9200));
  });

  it('gives the unknown-error message for unknown codes, in Persian by default', () => {
    expect(DEFAULT_LOCALE).toBe('fa');
    const byDefault = i18nFor(DEFAULT_LOCALE);
    expect(messageForCode(byDefault, 4242)).toMatch(persianLetters);
    expect(messageForCode(byDefault, 4242)).toBe(messageForCode(fa, undefined));
    expect(messageForCode(en, 4242)).toBe('An unknown error occurred.');
  });
});

describe('describeError (spec section 8, behaviour on answers)', () => {
  it('shows the catalogue message of the code of a failed login', () => {
    expect(describeError(fa, new ApiError('http', 'x', 400, 100))).toBe(messageForCode(fa, 100));
  });

  it('shows a server-error text with the HTTP status when the answer has no code', () => {
    expect(describeError(en, new ApiError('http', 'Bad Gateway', 502))).toBe('Server error (HTTP status 502). Please try again.');
  });

  it('says the server could not be reached when there was no answer', () => {
    expect(describeError(en, new ApiError('network', 'Failed to fetch'))).toMatch(/^Unknown error: the server could not be reached/);
    expect(describeError(fa, new ApiError('network', 'Failed to fetch'))).toMatch(persianLetters);
  });

  it('says user not found for 110 and when to retry for 9403', () => {
    expect(describeError(en, new ApiError('http', 'x', 404, 110))).toBe('User not found.');
    expect(describeError(en, new ApiError('http', 'x', 429, 9403, undefined, 42))).toBe(
      'Please try again later. You can try again in 42 seconds.',
    );
  });
});

describe('the server’s own message (decision 025)', () => {
  const answered = (lang: string, code: number | undefined, message: string, status = 400) =>
    new ApiError(
      'http',
      message,
      status,
      code,
      { isSuccess: false, data: null, errorData: code === undefined ? null : { code, message }, message },
      undefined,
      lang,
    );
  const withoutCode = (lang: string, message: string) =>
    new ApiError(
      'http',
      message,
      500,
      undefined,
      { isSuccess: false, data: null, errorData: { code: undefined as unknown as number, message }, message },
      undefined,
      lang,
    );

  it('shows the catalogue’s words when the server says the same sentence', () => {
    expect(describeError(en, answered('en', 100, messageForCode(en, 100)))).toBe(messageForCode(en, 100));
    expect(describeError(fa, answered('fa', 9101, messageForCode(fa, 9101)), 'مشتری')).toBe(messageForCode(fa, 9101, 'مشتری'));
  });

  it('shows the server’s text when it is more specific than the catalogue’s: it names what failed, or refuses in words of its own', () => {
    const named = messageForCode(en, 9107, '09121234567');
    expect(describeError(en, answered('en', 9107, named))).toBe(named);
    const refusal = 'Not enough “Tea 500 g” in Bin A-3: 12 needed, 5 there.';
    expect(describeError(en, answered('en', 9106, refusal))).toBe(refusal);
    const fromServer = messageForCode(fa, 9100, 'کالای «چای ۵۰۰ گرمی»');
    expect(describeError(fa, answered('fa', 9100, fromServer))).toBe(fromServer);
  });

  it('shows the server’s text for a code the catalogue has no words for; with no code, the server-error text with the status, as the spec says', () => {
    expect(describeError(en, answered('en', 4711, 'The fiscal year is closed.'))).toBe('The fiscal year is closed.');
    expect(describeError(en, withoutCode('en', 'Maintenance until 14:00.'))).toBe('Server error (HTTP status 500). Please try again.');
    expect(describeError(en, answered('en', 4711, ''))).toBe('An unknown error occurred.');
  });

  it('never shows a server text in another language than the one shown now', () => {
    const persian = messageForCode(fa, 9107, '09121234567');
    expect(describeError(en, answered('fa', 9107, persian))).toBe(messageForCode(en, 9107));
    expect(describeError(en, answered('fa', 4711, 'سال مالی بسته است.'))).toBe('An unknown error occurred.');
  });
});

describe('the fa and en catalogues', () => {
  it('translate every message the source has, in both languages, and are up to date with it: the platform’s and each module’s', async () => {
    const catalogs = await getCatalogs(getConfig({ cwd: process.cwd() }));
    expect(catalogs.map((c) => c.path)).toEqual(expect.arrayContaining([expect.stringContaining('modules/PanelManagement/locales')]));
    const problems: string[] = [];
    for (const catalog of catalogs) {
      const source = (await catalog.collect())!;
      const committed = await catalog.readAll();
      for (const [id, message] of Object.entries(source)) {
        for (const locale of ['fa', 'en'] as const) {
          const entry = committed[locale]?.[id];
          if (!entry)
            problems.push(
              `${catalog.path} ${locale}: not extracted yet: ${JSON.stringify(message.message ?? id)} (${message.origin?.[0]?.[0]})`,
            );
          else if (!entry.translation) problems.push(`${catalog.path} ${locale}: no translation: ${JSON.stringify(message.message ?? id)}`);
        }
      }
    }
    expect(problems, `run \`npm run i18n:extract\` and translate:\n${problems.join('\n')}`).toEqual([]);
  }, 120_000);

  it('say one message alike wherever it is: the catalogues share one space of ids, so a module’s words would replace the platform’s once it loads', async () => {
    const catalogs = await getCatalogs(getConfig({ cwd: process.cwd() }));
    const seen = new Map<string, { path: string; translation: string }>();
    const clashes: string[] = [];
    for (const catalog of catalogs) {
      const committed = await catalog.readAll();
      for (const locale of ['fa', 'en'] as const) {
        for (const [id, entry] of Object.entries(committed[locale] ?? {})) {
          if (!entry.translation || entry.obsolete) continue;
          const key = `${locale}\u0000${id}`;
          const first = seen.get(key);
          if (!first) seen.set(key, { path: catalog.path, translation: entry.translation });
          else if (first.translation !== entry.translation) {
            clashes.push(
              `${locale} ${JSON.stringify(entry.message ?? id)}: ${JSON.stringify(first.translation)} in ${first.path}, ${JSON.stringify(entry.translation)} in ${catalog.path}`,
            );
          }
        }
      }
    }
    expect(clashes, `give each message one translation (or a context of its own):\n${clashes.join('\n')}`).toEqual([]);
  }, 120_000);
});
