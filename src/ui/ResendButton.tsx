import { Trans } from '@lingui/react/macro';
import { Button } from './Button.tsx';
import { Ltr } from './Ltr.tsx';

function clock(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * Asks for a new SMS code; waits out the countdown first (60 s, or what the server's Retry-After
 * said). The time left is shown, not announced every second.
 */
export function ResendButton({
  secondsLeft,
  loading,
  onResend,
  fullWidth = true,
}: {
  secondsLeft: number;
  loading?: boolean;
  onResend: () => void;
  fullWidth?: boolean;
}) {
  if (secondsLeft > 0) {
    const left = clock(secondsLeft);
    return (
      <p className="flex min-h-11 items-center justify-center text-sm text-slate-600">
        <span>
          <Trans>
            You can ask for a new code in <Ltr className="font-semibold tabular-nums">{left}</Ltr>.
          </Trans>
        </span>
      </p>
    );
  }
  return (
    <Button variant="ghost" fullWidth={fullWidth} loading={loading} onClick={onResend}>
      <Trans>Send a new code</Trans>
    </Button>
  );
}
