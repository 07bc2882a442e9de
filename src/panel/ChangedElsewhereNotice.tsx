/** The warning above a form whose row someone else changed meanwhile (useChangedElsewhere). */
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert } from '../ui/Alert.tsx';
import { Button } from '../ui/Button.tsx';
import type { ChangedElsewhere } from './useChangedElsewhere.ts';

export function ChangedElsewhereNotice({ state, onReload }: { state: ChangedElsewhere; onReload: () => void }) {
  const { t } = useLingui();
  if (!state.changed) return null;
  return (
    <Alert tone="warning" title={t`This record was changed by someone else while you were editing.`}>
      <p>
        <Trans>
          Load their version to start again from it (your edits here are dropped), or keep editing: if your changes clash with theirs, the
          save goes to sync problems for you to settle.
        </Trans>
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button
          size="sm"
          onClick={() => {
            state.reload();
            onReload();
          }}
        >
          <Trans>Load their version</Trans>
        </Button>
        <Button size="sm" variant="secondary" onClick={state.keep}>
          <Trans>Keep editing</Trans>
        </Button>
      </div>
    </Alert>
  );
}
