import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { isApiError } from '../../api/ApiError.ts';
import { Code } from '../../contract/codes.ts';
import { describeError } from '../../i18n/describeError.ts';
import { fieldOfCode } from '../../i18n/fieldProblems.ts';
import { messageForCode } from '../../i18n/errorMessage.ts';
import { focusFirstInvalid } from '../../ui/focusFirstInvalid.ts';
import { emptyProfile, type ProfileField, type ProfileProblems, type ProfileValues } from './profileForm.ts';

const mobileTaken = msg`Another account already uses this mobile number.`;

/**
 * The state of a profile form: its values, the problems shown beside fields, a failure for the
 * whole form, and sending. A server code about one field (121, 122, 123, 124, 9107 for a number
 * someone else has) is shown beside that field; anything else above the form.
 */
export function useProfileForm(initial: ProfileValues = emptyProfile) {
  const { i18n } = useLingui();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<ProfileField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const change = (field: ProfileField, value: string | null) => setValues((v) => ({ ...v, [field]: value }));

  function showProblems(problems: ProfileProblems, form: HTMLFormElement | null): boolean {
    const shown = Object.fromEntries(Object.entries(problems).map(([f, p]) => [f, i18n._(p as MessageDescriptor)]));
    setErrors(shown);
    if (Object.keys(shown).length) focusFirstInvalid(form);
    return Object.keys(shown).length === 0;
  }

  async function submit(send: () => Promise<void>, form: HTMLFormElement | null): Promise<boolean> {
    setBusy(true);
    setFailure(null);
    try {
      await send();
      return true;
    } catch (error) {
      const code = isApiError(error) ? error.code : undefined;
      const field = code === Code.AlreadyExists ? 'mobileNumber' : code !== undefined ? fieldOfCode[code] : undefined;
      if (field) {
        setErrors({ [field]: code === Code.AlreadyExists ? i18n._(mobileTaken) : messageForCode(i18n, code) });
        focusFirstInvalid(form);
      } else setFailure(describeError(i18n, error));
      return false;
    } finally {
      setBusy(false);
    }
  }

  return { values, setValues, change, errors, failure, busy, showProblems, submit };
}
