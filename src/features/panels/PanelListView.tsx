/** The person's panels with their loading, offline (last saved list) and empty states. */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { paths } from '../../contract/routes.ts';
import { describeError } from '../../i18n/describeError.ts';
import { formatRelative } from '../../i18n/format.ts';
import { usePanelList } from '../../storage/panelList.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button, buttonClasses } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { PanelIcon } from '../../ui/icons.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { PanelCards } from './PanelCards.tsx';

export function PanelListView({ detailed = false }: { detailed?: boolean }) {
  const { t, i18n } = useLingui();
  const [state, reload] = usePanelList();
  if (state.status === 'loading') {
    return (
      <div className="grid place-items-center py-16 text-brand-700" role="status" aria-label={t`Loading`}>
        <Spinner className="size-8" />
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <Alert tone="error" title={t`Your panels could not be loaded`}>
        <p>{describeError(i18n, state.error)}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={reload}>
          <Trans>Try again</Trans>
        </Button>
      </Alert>
    );
  }
  const savedAgo = formatRelative(state.savedAt);
  return (
    <div className="flex flex-col gap-4">
      {state.stale && (
        <Alert tone="warning" title={t`Offline: this is the list as saved ${savedAgo}`}>
          {t`It may have changed since. It is refreshed when the connection returns.`}
        </Alert>
      )}
      {state.panels.length === 0 ? (
        <Card className="text-center">
          <div className="mx-auto grid size-14 place-items-center rounded-2xl bg-brand-50 text-brand-700">
            <PanelIcon className="size-7" />
          </div>
          <h2 className="mt-4 text-lg font-bold text-slate-900">
            <Trans>You have no panels yet</Trans>
          </h2>
          <p className="mt-2 text-sm text-slate-600">
            <Trans>Register one for your company, or ask a panel’s owner to add you by your username or mobile number.</Trans>
          </p>
          <Link href={paths.user.registerPanel} className={`${buttonClasses('primary')} mt-5`}>
            <Trans>Register a panel</Trans>
          </Link>
        </Card>
      ) : (
        <PanelCards panels={state.panels} detailed={detailed} />
      )}
    </div>
  );
}
