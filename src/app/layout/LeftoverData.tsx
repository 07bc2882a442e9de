/**
 * On the account screens, when nobody is signed in: panel data an ended session left on this
 * device (a sign-out forced by the server, or a person who chose to keep it), with a way to erase
 * it, as one should on a shared phone, and a warning when some of it has not reached the server.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { formatNumber } from '../../i18n/format.ts';
import { useSession } from '../../session/useSession.ts';
import { isSignedIn } from '../../session/session.ts';
import { mayHavePanelData } from '../../storage/panelDbNames.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';

type Left = { pending: number; problems: number } | null;

/** The data layer, loaded only when there may be data to tell about. */
const dataLayer = () => import('../../storage/panelData.ts');

export function LeftoverData() {
  const session = useSession();
  const signedIn = isSignedIn(session);
  const [left, setLeft] = useState<Left>(null);
  const [state, setState] = useState<'idle' | 'erasing' | 'erased'>('idle');
  useEffect(() => {
    if (signedIn) return;
    let live = true;
    void (async () => {
      if (!(await mayHavePanelData())) return;
      const found = await (await dataLayer()).leftoverData();
      if (live) setLeft(found);
    })();
    return () => {
      live = false;
    };
  }, [signedIn]);
  if (signedIn) return null;
  if (state === 'erased') {
    return (
      <Alert tone="success" className="mb-4">
        <Trans>The data is erased from this device.</Trans>
      </Alert>
    );
  }
  if (!left) return null;
  const unsynced = formatNumber(left.pending + left.problems);
  const erase = async () => {
    setState('erasing');
    await (await dataLayer()).deleteAllLocalData();
    setLeft(null);
    setState('erased');
  };
  return (
    <LeftoverAlert
      unsynced={left.pending + left.problems > 0 ? unsynced : null}
      erasing={state === 'erasing'}
      onErase={() => void erase()}
    />
  );
}

function LeftoverAlert({ unsynced, erasing, onErase }: { unsynced: string | null; erasing: boolean; onErase: () => void }) {
  const { t } = useLingui();
  return (
    <Alert tone={unsynced ? 'warning' : 'info'} className="mb-4" title={t`Data from an earlier session is still on this device`}>
      <p>
        {unsynced ? (
          <Trans>
            {unsynced} changes in it have not reached the server. Erasing loses them; kept, they are sent when their person signs in here
            again. On a shared phone, erase it.
          </Trans>
        ) : (
          <Trans>On a shared phone, erase it.</Trans>
        )}
      </p>
      <Button className="mt-3" size="sm" variant={unsynced ? 'danger' : 'secondary'} loading={erasing} onClick={onErase}>
        <Trans>Erase it from this device</Trans>
      </Button>
    </Alert>
  );
}
