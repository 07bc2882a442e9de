import { useLingui } from '@lingui/react';
import { Trans, useLingui as useLinguiMacro } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { isApiError } from '../../api/ApiError.ts';
import { resetPasswordByMobile } from '../../api/account.ts';
import { Code } from '../../contract/codes.ts';
import { normalizeMobile, toAsciiDigits } from '../../contract/normalize.ts';
import { paths } from '../../contract/routes.ts';
import { useSmsCode } from '../../ui/useSmsCode.ts';
import { describeError } from '../../i18n/describeError.ts';
import { commonPasswordMessage, mobileProblem, newPasswordProblems, requiredMessages, smsCodeProblem } from '../../i18n/fieldProblems.ts';
import { MobileField, SmsCodeField, UsernameField } from '../../ui/AccountFields.tsx';
import { Alert } from '../../ui/Alert.tsx';
import { Button, buttonClasses } from '../../ui/Button.tsx';
import { Ltr } from '../../ui/Ltr.tsx';
import { NewPasswordFields } from '../../ui/NewPasswordFields.tsx';
import { ResendButton } from '../../ui/ResendButton.tsx';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import { useFieldProblems } from '../../ui/useFieldProblems.ts';
import { AuthCard } from './AuthCard.tsx';

type Field = 'username' | 'mobile' | 'code' | 'password' | 'confirmation';

/** A forgotten password: username and mobile → a code by SMS → the new password, twice. */
export function PasswordForgot() {
  const { i18n } = useLingui();
  const { t } = useLinguiMacro();
  const { form, errors, show: check } = useFieldProblems<Field>();
  const sms = useSmsCode('reset');
  const [step, setStep] = useState<'account' | 'reset' | 'done'>('account');
  const [values, setValues] = useState({ username: '', mobile: '', code: '', password: '', confirmation: '' });
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useDocumentTitle(t`Reset your password`);

  const put = (field: Field) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const set = (field: Field) => (event: { target: { value: string } }) => put(field)(event.target.value);
  const mobile = normalizeMobile(values.mobile) ?? '';

  async function sendCode(event?: FormEvent) {
    event?.preventDefault();
    if (!check({ username: values.username.trim() ? null : requiredMessages.username, mobile: mobileProblem(values.mobile) })) return;
    setFailure(null);
    const result = await sms.send(mobile);
    if (result.sent) setStep('reset');
    else setFailure(result.failure);
  }

  async function reset(event: FormEvent) {
    event.preventDefault();
    const ok = check({
      code: smsCodeProblem(values.code),
      ...newPasswordProblems(values.password, values.confirmation),
    });
    if (!ok) return;
    setBusy(true);
    setFailure(null);
    try {
      await resetPasswordByMobile({
        userName: values.username.trim(),
        mobile,
        code: toAsciiDigits(values.code).trim(),
        newPassword: values.password,
        confirmPassword: values.confirmation,
      });
      setStep('done');
    } catch (error) {
      if (isApiError(error) && error.code === Code.BadRequest) check({ password: commonPasswordMessage });
      else setFailure(describeError(i18n, error));
    } finally {
      setBusy(false);
    }
  }

  if (step === 'done') {
    return (
      <AuthCard title={<Trans>Your password has been changed</Trans>}>
        <div className="space-y-5">
          <Alert tone="success">
            <Trans>
              Log in with your new password. For your safety, every device that was signed in to your account has been signed out.
            </Trans>
          </Alert>
          <Link href={paths.auth.login} className={buttonClasses('primary', 'lg', true)}>
            <Trans>Go to login</Trans>
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={<Trans>Reset your password</Trans>}
      subtitle={
        step === 'account' ? (
          <Trans>Enter your username and the mobile number of your account. We will send you a code by SMS.</Trans>
        ) : (
          <Trans>
            Enter the 6-digit code we sent to <Ltr className="font-semibold text-slate-800">{mobile}</Ltr>, then choose a new password.
          </Trans>
        )
      }
      footer={
        <Trans>
          Remembered it?{' '}
          <Link href={paths.auth.login} className="font-semibold text-brand-700 hover:underline">
            Log in
          </Link>
        </Trans>
      }
    >
      {step === 'account' ? (
        <form ref={form} onSubmit={sendCode} noValidate className="space-y-4">
          {failure && <Alert tone="error">{failure}</Alert>}
          <UsernameField value={values.username} onChange={set('username')} error={errors.username} />
          <MobileField value={values.mobile} onChange={put('mobile')} error={errors.mobile} />
          <Button type="submit" fullWidth size="lg" loading={sms.sending} disabled={sms.secondsLeft > 0}>
            <Trans>Send the code</Trans>
          </Button>
          {sms.secondsLeft > 0 && <ResendButton secondsLeft={sms.secondsLeft} onResend={() => void sendCode()} />}
        </form>
      ) : (
        <form ref={form} onSubmit={reset} noValidate className="space-y-4">
          {failure && <Alert tone="error">{failure}</Alert>}
          <SmsCodeField value={values.code} onChange={put('code')} error={errors.code} />
          <NewPasswordFields
            password={values.password}
            confirmation={values.confirmation}
            onPassword={set('password')}
            onConfirmation={set('confirmation')}
            errors={errors}
          />
          <Button type="submit" fullWidth size="lg" loading={busy}>
            <Trans>Change my password</Trans>
          </Button>
          <ResendButton secondsLeft={sms.secondsLeft} loading={sms.sending} onResend={() => void sendCode()} />
          <button type="button" onClick={() => setStep('account')} className={buttonClasses('ghost', 'md', true)}>
            <Trans>Use another mobile number</Trans>
          </button>
        </form>
      )}
    </AuthCard>
  );
}
