/**
 * A page whose validity check failed (spec sections 4 and 8): the address matched a route, but
 * what it names is not there — a details page whose record does not exist, a module page whose
 * module is off. It is a 404 like an unmatched route, worded 'Page Not Found: {path}' as the spec
 * has it, drawn inside the signed-in frame so the navigation stays. Details pages reach it through
 * `usePageRecord` (src/panel/usePageRecord.ts).
 */
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { ErrorPage } from './ErrorPage.tsx';

/** The address as the person sees it (path and query), kept left-to-right. */
export function AddressText() {
  const [path] = useLocation();
  const search = useSearch();
  return (
    <bdi dir="ltr" className="font-mono">
      {search ? `${path}?${search}` : path}
    </bdi>
  );
}

export function PageNotFound({ reason, actions }: { reason: ReactNode; actions?: ReactNode }) {
  return (
    <ErrorPage
      embedded
      statusCode={404}
      statusMessage={
        <Trans>
          Page Not Found: <AddressText />
        </Trans>
      }
      data={reason}
      actions={actions}
    />
  );
}
