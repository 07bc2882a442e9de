import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['fa', 'en'],
  catalogs: [
    // The platform's words.
    { path: '<rootDir>/locales/{locale}/messages', include: ['<rootDir>/src'] },
    // Each module's own, in its folder (docs/decisions/012-modules-and-documents.md).
    { path: '<rootDir>/modules/{name}/locales/{locale}', include: ['<rootDir>/modules/{name}/'] },
  ],
  format: formatter({ lineNumbers: false }),
});
