import { useLingui } from '@lingui/react';
import { Trans, useLingui as useLinguiMacro } from '@lingui/react/macro';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { loginByMobile } from '../../api/account.ts';
import { Code } from '../../contract/codes.ts';
import { normalizeMobile, toAsciiDigits } from '../../contract/normalize.ts';
import { paths } from '../../contract/routes.ts';
import { useSmsCode } from '../../ui/useSmsCode.ts';
import { describeError } from '../../i18n/describeError.ts';
import { mobileProblem, smsCodeProblem } from '../../i18n/fieldProblems.ts';
import { storeLogin } from '../../session/session.ts';
import { MobileField, SmsCodeField } from '../../ui/AccountFields.tsx';
import { Alert } from '../../ui/Alert.tsx';
import { Button, buttonClasses } from '../../ui/Button.tsx';
import { focusFirstInvalid } from '../../ui/focusFirstInvalid.ts';
import { Ltr } from '../../ui/Ltr.tsx';
import { ResendButton } from '../../ui/ResendButton.tsx';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import { AuthCard } from './AuthCard.tsx';
import { useNextPath } from './useNextPath.ts';

/** Log in with a mobile number and the code sent to it by SMS. */
export function MobileLogin() {
  const { i18n } = useLingui();
  const { t } = useLinguiMacro();
  const [, navigate] = useLocation();
  const next = useNextPath();
  const form = useRef<HTMLFormElement>(null);
  const sms = useSmsCode('login');
  const [step, setStep] = useState<'mobile' | 'code'>('mobile');
  const [typedMobile, setTypedMobile] = useState('');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ text: string; code?: number } | null>(null);
  const [busy, setBusy] = useState(false);
  useDocumentTitle(t`Log in with a mobile code`);

  const mobile = normalizeMobile(typedMobile) ?? '';

  async function sendCode(event?: FormEvent) {
    event?.preventDefault();
    const problem = mobileProblem(typedMobile);
    setFieldError(problem ? i18n._(problem) : null);
    if (problem) return focusFirstInvalid(form.current);
    setFailure(null);
    const result = await sms.send(mobile);
    if (result.sent) {
      setStep('code');
      setCode('');
    } else setFailure({ text: result.failure, ...(result.code !== undefined ? { code: result.code } : {}) });
  }

  async function logIn(event: FormEvent) {
    event.preventDefault();
    const problem = smsCodeProblem(code);
    setFieldError(problem ? i18n._(problem) : null);
    if (problem) return focusFirstInvalid(form.current);
    setBusy(true);
    setFailure(null);
    try {
      storeLogin(await loginByMobile(mobile, toAsciiDigits(code).trim()), '', 'mobileCode');
      navigate(next, { replace: true });
    } catch (error) {
      setFailure({ text: describeError(i18n, error) });
      setBusy(false);
    }
  }

  function changeNumber() {
    setStep('mobile');
    setFailure(null);
    setFieldError(null);
  }

  return (
    <AuthCard
      title={<Trans>Log in with your mobile</Trans>}
      subtitle={
        step === 'mobile' ? (
          <Trans>We will send a 6-digit code by SMS to the mobile number of your account.</Trans>
        ) : (
          <Trans>
            Enter the code we sent to <Ltr className="font-semibold text-slate-800">{mobile}</Ltr>.
          </Trans>
        )
      }
      footer={
        <Link href={paths.auth.login} className="font-semibold text-brand-700 hover:underline">
          <Trans>Log in with your username and password</Trans>
        </Link>
      }
    >
      {step === 'mobile' ? (
        <form ref={form} onSubmit={sendCode} noValidate className="space-y-4">
          {failure && (
            <Alert tone="error">
              {failure.text}
              {failure.code === Code.UserNotFound && (
                <>
                  {' '}
                  <Link href={paths.auth.signUp} className="font-semibold underline">
                    <Trans>Create an account</Trans>
                  </Link>
                </>
              )}
            </Alert>
          )}
          <MobileField value={typedMobile} onChange={setTypedMobile} error={fieldError} />
          <Button type="submit" fullWidth size="lg" loading={sms.sending} disabled={sms.secondsLeft > 0}>
            <Trans>Send the code</Trans>
          </Button>
          {sms.secondsLeft > 0 && <ResendButton secondsLeft={sms.secondsLeft} onResend={() => void sendCode()} />}
        </form>
      ) : (
        <form ref={form} onSubmit={logIn} noValidate className="space-y-4">
          {failure && <Alert tone="error">{failure.text}</Alert>}
          <SmsCodeField
            className="[&_input]:text-center [&_input]:text-xl [&_input]:tracking-[0.5em]"
            value={code}
            onChange={setCode}
            error={fieldError}
          />
          <Button type="submit" fullWidth size="lg" loading={busy}>
            <Trans>Log in</Trans>
          </Button>
          <ResendButton secondsLeft={sms.secondsLeft} loading={sms.sending} onResend={() => void sendCode()} />
          <button type="button" onClick={changeNumber} className={buttonClasses('ghost', 'md', true)}>
            <Trans>Use another mobile number</Trans>
          </button>
        </form>
      )}
    </AuthCard>
  );
}
