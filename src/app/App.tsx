import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { AppRoutes } from './AppRoutes.tsx';
import { ErrorBoundary } from './errors/ErrorBoundary.tsx';
import { Toaster } from '../ui/Toaster.tsx';

export function App({ i18n }: { i18n: I18n }) {
  return (
    <I18nProvider i18n={i18n}>
      <ErrorBoundary>
        <AppRoutes />
      </ErrorBoundary>
      <Toaster />
    </I18nProvider>
  );
}
