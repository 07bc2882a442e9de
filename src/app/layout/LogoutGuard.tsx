import { Trans, useLingui } from '@lingui/react/macro';
import { useSyncExternalStore } from 'react';
import { formatNumber } from '../../i18n/format.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { currentLogoutQuestion, subscribeLogoutQuestion } from '../logoutPrompt.ts';

/** Asks, at logout, what to do with changes that have not reached the server. */
export function LogoutGuard() {
  const { t } = useLingui();
  const question = useSyncExternalStore(subscribeLogoutQuestion, currentLogoutQuestion, currentLogoutQuestion);
  const pending = formatNumber(question?.pending ?? 0);
  const problems = formatNumber(question?.problems ?? 0);
  return (
    <ConfirmDialog
      open={question !== null}
      tone="danger"
      title={t`Some changes have not reached the server`}
      confirmLabel={t`Discard them and log out`}
      cancelLabel={t`Stay signed in`}
      onConfirm={() => question?.answer('discard')}
      onCancel={() => question?.answer('stay')}
    >
      {question && question.pending > 0 && (
        <p>
          <Trans>{pending} changes saved on this device are still waiting to be sent.</Trans>
        </p>
      )}
      {question && question.problems > 0 && (
        <p>
          <Trans>{problems} changes were not accepted by the server and wait for your decision in sync problems.</Trans>
        </p>
      )}
      <p>
        <Trans>Logging out deletes this panel’s data from this device, so these changes would be lost. Stay signed in and connect to the internet to send them.</Trans>
      </p>
    </ConfirmDialog>
  );
}
