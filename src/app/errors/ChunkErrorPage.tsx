import { Trans, useLingui } from '@lingui/react/macro';
import { reloadPage } from '../../pwa/reloadPage.ts';
import { Button } from '../../ui/Button.tsx';
import { ErrorPage } from '../../ui/ErrorPage.tsx';

/**
 * A part of the app would not load twice in a row (the automatic reload did not help): say so,
 * and leave the next reload to the person instead of looping.
 */
export function ChunkErrorPage() {
  const { t } = useLingui();
  return (
    <ErrorPage
      statusCode={500}
      statusMessage={t`This part of Pishkhan could not be loaded.`}
      data={t`Check your connection, then reload the page. Your saved work is safe.`}
      actions={
        <Button onClick={reloadPage}>
          <Trans>Reload the page</Trans>
        </Button>
      }
    />
  );
}
