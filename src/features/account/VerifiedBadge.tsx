import { Trans } from '@lingui/react/macro';
import { cx } from '../../ui/cx.ts';
import { AlertIcon, CheckIcon } from '../../ui/icons.tsx';

/** Whether the mobile number has been proven by an SMS code. */
export function VerifiedBadge({ verified }: { verified: boolean }) {
  return (
    <span
      className={cx(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        verified ? 'bg-emerald-50 text-emerald-800 ring-emerald-200' : 'bg-amber-50 text-amber-900 ring-amber-200',
      )}
    >
      {verified ? <CheckIcon className="size-3.5" /> : <AlertIcon className="size-3.5" />}
      {verified ? <Trans>Verified</Trans> : <Trans>Not verified</Trans>}
    </span>
  );
}
