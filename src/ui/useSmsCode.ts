import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { isApiError } from '../api/ApiError.ts';
import { sendVerifiedCode, type CodePurpose } from '../api/account.ts';
import { Code } from '../contract/codes.ts';
import { describeError } from '../i18n/describeError.ts';
import { useCountdown } from './useCountdown.ts';

/** How long before another code may be asked for, unless the server says longer (Retry-After). */
export const RESEND_AFTER_SECONDS = 60;

/**
 * Sending an SMS code and waiting before the next one. On 9403 the server's Retry-After sets the
 * wait; every other failure comes back as words to show.
 */
export function useSmsCode(purpose: CodePurpose) {
  const { i18n } = useLingui();
  const { secondsLeft, start } = useCountdown();
  const [sending, setSending] = useState(false);

  async function send(mobile: string): Promise<{ sent: true } | { sent: false; failure: string; code?: number }> {
    setSending(true);
    try {
      await sendVerifiedCode(mobile, purpose);
      start(RESEND_AFTER_SECONDS);
      return { sent: true };
    } catch (error) {
      if (isApiError(error) && error.code === Code.TryAgain) start(error.retryAfterSeconds ?? RESEND_AFTER_SECONDS);
      return {
        sent: false,
        failure: describeError(i18n, error),
        ...(isApiError(error) && error.code !== undefined ? { code: error.code } : {}),
      };
    } finally {
      setSending(false);
    }
  }

  return { send, sending, secondsLeft };
}
