/**
 * The save of an entity or a document form (EntityForm, DocumentForm): the values checked by the
 * contract's rules first (a refused field is focused), then written through the panel's data; a
 * field the server or the device refuses is marked, any other failure said in the person's words.
 */
import { useLingui } from '@lingui/react/macro';
import { useState, type RefObject } from 'react';
import { describeError } from '../../i18n/describeError.ts';
import { messageForCode } from '../../i18n/errorMessage.ts';
import { ValidationError } from '../../storage/localWrites.ts';
import { usePanelData, type PanelData } from '../../storage/panelData.ts';
import { focusFirstInvalid } from '../../ui/focusFirstInvalid.ts';

export type Checked<V> = { errors: Record<string, string> } | { values: V };

/** `idle` is what `saving` is between saves; `save` sets it to `busy` while `write` runs. */
export function useFormSave<S>(form: RefObject<HTMLFormElement | null>, idle: S) {
  const { t, i18n } = useLingui();
  const panel = usePanelData();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState<S>(idle);

  async function save<V>(checked: Checked<V>, busy: S, write: (data: PanelData['data'], values: V) => Promise<void>) {
    setFailure(null);
    if ('errors' in checked) {
      setErrors(checked.errors);
      focusFirstInvalid(form.current);
      return;
    }
    if (!panel) return setFailure(t`Choose a panel first.`);
    setErrors({});
    setSaving(busy);
    try {
      await write(panel.data, checked.values);
    } catch (error) {
      if (error instanceof ValidationError) {
        setErrors(error.fields);
        if (Object.keys(error.fields).length === 0) setFailure(messageForCode(i18n, error.code));
        focusFirstInvalid(form.current);
      } else setFailure(describeError(i18n, error));
    } finally {
      setSaving(idle);
    }
  }

  return { errors, failure, saving, save };
}
