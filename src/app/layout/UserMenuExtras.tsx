import { MenuItem } from '@headlessui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { promptInstall, useInstallOption } from '../../pwa/installPrompt.ts';
import { DownloadIcon } from '../../ui/icons.tsx';
import { showToast } from '../../ui/toast.ts';

const itemClass = 'flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-sm text-slate-800 data-[focus]:bg-slate-100';
const IOS_HINT_MS = 10_000;

/**
 * Entries the frame adds to the user menu beside profile, security and logout: "Install app" when
 * the browser offers installing, or on iOS Safari (which has no prompt) a hint saying how.
 */
export function UserMenuExtras() {
  const { t } = useLingui();
  const option = useInstallOption();
  if (option === 'none') return null;
  const install =
    option === 'prompt'
      ? () => void promptInstall()
      : () => showToast(t`To install Pishkhan, tap Share, then “Add to Home Screen”.`, { duration: IOS_HINT_MS });
  return (
    <MenuItem>
      <button type="button" onClick={install} className={itemClass}>
        <DownloadIcon /> <Trans>Install app</Trans>
      </button>
    </MenuItem>
  );
}
