import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { verifyPhoneNumber } from '../../api/account.ts';
import { useSmsCode } from '../../ui/useSmsCode.ts';
import { toAsciiDigits } from '../../contract/normalize.ts';
import { describeError } from '../../i18n/describeError.ts';
import { smsCodeProblem } from '../../i18n/fieldProblems.ts';
import { SmsCodeField } from '../../ui/AccountFields.tsx';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { focusFirstInvalid } from '../../ui/focusFirstInvalid.ts';
import { Ltr } from '../../ui/Ltr.tsx';
import { ResendButton } from '../../ui/ResendButton.tsx';

/**
 * Proves the person holds a mobile number: a code goes to it by SMS, they type it back. Used after
 * registration and on the security page.
 */
export function MobileVerification({
  mobile,
  onVerified,
  extraAction,
}: {
  mobile: string;
  onVerified: () => void;
  extraAction?: ReactNode;
}) {
  const { i18n } = useLingui();
  const sms = useSmsCode('verify');
  const form = useRef<HTMLFormElement>(null);
  const [sent, setSent] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function send() {
    setFailure(null);
    const result = await sms.send(mobile);
    if (result.sent) setSent(true);
    else setFailure(result.failure);
  }

  async function verify(event: FormEvent) {
    event.preventDefault();
    const problem = smsCodeProblem(code);
    setCodeError(problem ? i18n._(problem) : null);
    if (problem) return focusFirstInvalid(form.current);
    setBusy(true);
    setFailure(null);
    try {
      await verifyPhoneNumber(mobile, toAsciiDigits(code).trim());
      onVerified();
    } catch (error) {
      setFailure(describeError(i18n, error, mobile));
      setBusy(false);
    }
  }

  if (!sent) {
    return (
      <div className="space-y-4">
        {failure && <Alert tone="error">{failure}</Alert>}
        <p className="text-sm text-slate-700">
          <Trans>
            We will send a 6-digit code by SMS to <Ltr className="font-semibold text-slate-900">{mobile}</Ltr>.
          </Trans>
        </p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button onClick={() => void send()} loading={sms.sending} disabled={sms.secondsLeft > 0}>
            <Trans>Send the verification code</Trans>
          </Button>
          {extraAction}
        </div>
        {sms.secondsLeft > 0 && <ResendButton secondsLeft={sms.secondsLeft} onResend={() => void send()} />}
      </div>
    );
  }

  return (
    <form ref={form} onSubmit={verify} noValidate className="space-y-4">
      {failure && <Alert tone="error">{failure}</Alert>}
      <p className="text-sm text-slate-700">
        <Trans>
          Enter the code we sent to <Ltr className="font-semibold text-slate-900">{mobile}</Ltr>.
        </Trans>
      </p>
      <SmsCodeField value={code} onChange={setCode} error={codeError} className="max-w-xs" />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button type="submit" loading={busy}>
          <Trans>Verify my number</Trans>
        </Button>
        <ResendButton secondsLeft={sms.secondsLeft} loading={sms.sending} onResend={() => void send()} fullWidth={false} />
      </div>
    </form>
  );
}
