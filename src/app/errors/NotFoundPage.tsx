import { Trans } from '@lingui/react/macro';
import { ErrorPage } from '../../ui/ErrorPage.tsx';
import { AddressText } from '../../ui/PageNotFound.tsx';

/** An unmatched route: 'Page not found: {path}' (spec sections 2 and 8). */
export function NotFoundPage() {
  return (
    <ErrorPage
      statusCode={404}
      statusMessage={
        <Trans>
          Page not found: <AddressText />
        </Trans>
      }
      data={<Trans>No page of Pishkhan has this address. It may be mistyped, or the link may be out of date.</Trans>}
    />
  );
}
