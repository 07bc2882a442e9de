import { Trans, useLingui } from '@lingui/react/macro';
import { useState, useSyncExternalStore } from 'react';
import { formatNumber } from '../../i18n/format.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { currentLogoutQuestion, subscribeLogoutQuestion, type LogoutQuestion } from '../logoutPrompt.ts';

/**
 * Asks, at logout, whether to erase the person's data from this device (on a shared phone) or keep
 * it for their next sign-in here, and warns about changes that have not reached the server.
 */
export function LogoutGuard() {
  const question = useSyncExternalStore(subscribeLogoutQuestion, currentLogoutQuestion, currentLogoutQuestion);
  // Mounted per question, so each starts from its own default choice.
  return question ? <LogoutDialog question={question} /> : null;
}

function LogoutDialog({ question }: { question: LogoutQuestion }) {
  const { t } = useLingui();
  const unsynced = question.pending + question.problems > 0;
  // Erasing is the safe default on a shared phone, unless it would lose changes.
  const [erase, setErase] = useState(!unsynced);
  const pending = formatNumber(question.pending);
  const problems = formatNumber(question.problems);
  return (
    <ConfirmDialog
      open
      tone={erase && unsynced ? 'danger' : 'primary'}
      title={unsynced ? t`Some changes have not reached the server` : t`Log out`}
      confirmLabel={erase && unsynced ? t`Erase them and log out` : t`Log out`}
      cancelLabel={t`Stay signed in`}
      onConfirm={() => question.answer(erase ? 'erase' : 'keep')}
      onCancel={() => question.answer('stay')}
    >
      {question.pending > 0 && (
        <p>
          <Trans>{pending} changes saved on this device are still waiting to be sent.</Trans>
        </p>
      )}
      {question.problems > 0 && (
        <p>
          <Trans>{problems} changes were not accepted by the server and wait for your decision in sync problems.</Trans>
        </p>
      )}
      <label className="flex items-start gap-3 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
        <input
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 accent-brand-700"
          checked={erase}
          onChange={(e) => setErase(e.target.checked)}
        />
        <span>
          <span className="block font-medium text-slate-900">
            <Trans>Erase my data from this device</Trans>
          </span>
          <span className="block text-slate-600">
            {unsynced ? (
              <Trans>
                Choose this on a shared phone. Erasing loses the changes above; kept, they are sent the next time you sign in here.
              </Trans>
            ) : (
              <Trans>Choose this on a shared phone. Kept, your panels open here at once, even offline, the next time you sign in.</Trans>
            )}
          </span>
        </span>
      </label>
    </ConfirmDialog>
  );
}
