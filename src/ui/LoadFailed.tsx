import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { describeError } from '../i18n/describeError.ts';
import { Alert } from './Alert.tsx';
import { Button } from './Button.tsx';

interface LoadFailedProps {
  error: unknown;
  onRetry: () => void;
  /** What could not be loaded ("Your panels could not be loaded"); the error's words follow. */
  title?: string;
  /** Words that say more than the error's own (the error's words otherwise). */
  detail?: string;
  /** Other ways on, beside "Try again". */
  children?: ReactNode;
  className?: string;
}

/** Something could not be loaded: the error in the person's language, and a way to try again. */
export function LoadFailed({ error, onRetry, title, detail, children, className }: LoadFailedProps) {
  const { i18n } = useLingui();
  return (
    <Alert tone="error" {...(title ? { title } : {})} {...(className ? { className } : {})}>
      <p>{detail ?? describeError(i18n, error)}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={onRetry}>
          <Trans>Try again</Trans>
        </Button>
        {children}
      </div>
    </Alert>
  );
}
