import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../ui/Button.tsx';
import { ErrorPage } from '../../ui/ErrorPage.tsx';

/** The 500 page: something broke on our side; reloading is the first thing to try. */
export function ServerErrorPage({ description }: { description?: string }) {
  const { t } = useLingui();
  return (
    <ErrorPage
      statusCode={500}
      statusMessage={t`Something went wrong on our side.`}
      data={description ?? t`Your saved work is safe. Reload the page to continue.`}
      actions={
        <Button onClick={() => location.reload()}>
          <Trans>Reload the page</Trans>
        </Button>
      }
    />
  );
}
