import { lingui } from '@lingui/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { buildInfoPlugin, newBuildInfo } from './build/buildInfo.ts';
import { compressAssets } from './build/compressAssets.ts';
import { inlineStylesheet } from './build/inlineStylesheet.ts';
import { preloadFirstScreen } from './build/preloadFirstScreen.ts';
import { pwaPlugins } from './build/pwaOptions.ts';
import { shellCatalogPlugin } from './build/shellCatalog.ts';
import { DEFAULT_SERVICE_NAME } from './src/contract/service.ts';

const serviceName = process.env.SERVICE_NAME || DEFAULT_SERVICE_NAME;
const apiPort = process.env.PORT || '3000';
const buildInfo = newBuildInfo();

export default defineConfig(({ mode }) => ({
  // `@/…` is `src/…` (tsconfig.json's `paths`): how modules import the platform (src/moduleKit.ts).
  resolve: { alias: [{ find: /^@\//, replacement: `${import.meta.dirname}/src/` }] },
  plugins: [
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    lingui({ failOnMissing: mode === 'production', failOnCompileError: true }),
    // The public shell's words load first; the rest with the screens that need them (src/i18n/locale.ts).
    shellCatalogPlugin({
      shellPaths: [
        'src/app/',
        'src/ui/',
        'src/pwa/',
        'src/i18n/codeMessages.ts',
        'src/i18n/describeError.ts',
        'src/features/auth/Login.tsx',
        'src/features/auth/AuthCard.tsx',
      ],
      exceptPaths: [
        'src/ui/DateField.tsx',
        'src/ui/ResendButton.tsx',
        'src/ui/BarcodeScanner.tsx',
        'src/ui/panelIcons.tsx',
        'src/ui/ConfirmDialog.tsx',
        'src/app/ModuleNotEnabled.tsx',
        'src/app/layout/AppFrame.tsx',
        'src/app/layout/NavLinks.tsx',
        'src/app/layout/PanelNav.tsx',
        'src/app/layout/PanelIndicator.tsx',
        'src/app/layout/UserMenu',
      ],
    }),
    // The module kit only re-exports: a screen that takes one name from it depends on that name's
    // file alone, not on every file the kit names (which would pull them all into shared chunks).
    {
      name: 'pishkhan:module-kit',
      transform: (code, id) => (id.endsWith('/src/moduleKit.ts') ? { code, moduleSideEffects: false } : null),
    },
    tailwindcss(),
    ...pwaPlugins(),
    buildInfoPlugin(buildInfo),
    preloadFirstScreen(),
    inlineStylesheet(),
    compressAssets(),
  ],
  define: {
    __SERVICE_NAME__: JSON.stringify(serviceName),
    __BUILD_ID__: JSON.stringify(buildInfo.id),
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    rollupOptions: {
      // Shared modules of a few KB each would otherwise become a dozen tiny chunks, each its own
      // request through the service worker at start-up; merged where that changes no load order.
      output: { experimentalMinChunkSize: 20_000 },
    },
  },
}));
