/**
 * The create/edit form of an entity, derived from its declaration: one widget per writable field
 * (from the widget map, or an override for fields a screen draws itself), checked with the
 * contract's rules before saving, refused fields marked with words in the person's language. A row
 * whose last change the server rejected shows why, with the fields the server named.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState, type FormEvent } from 'react';
import type { Entity, Row } from '../../contract/entity.ts';
import { messageForCode } from '../../i18n/errorMessage.ts';
import { useRowProblem } from '../../storage/useSyncState.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { ChangedElsewhereNotice } from '../ChangedElsewhereNotice.tsx';
import { PresenceNote } from '../PresenceNote.tsx';
import { useChangedElsewhere } from '../useChangedElsewhere.ts';
import { fieldProblemMessage } from './fieldProblems.ts';
import { fieldWidgets, type Widget } from './fieldWidgets.tsx';
import { applyingFields, checkValues, editableFields, initialValues, type FormValues } from './formValues.ts';
import { useFormSave } from './useFormSave.ts';

export interface EntityFormProps {
  entity: Entity;
  /** The row to edit; none to create. */
  row?: Row | null;
  onSaved: (row: Row) => void;
  onCancel: () => void;
  /** Widgets a screen draws itself, by field name (the role's permission matrix). */
  widgets?: Partial<Record<string, Widget>>;
  /** Values a new row starts with. */
  defaults?: FormValues;
}

export function EntityForm({ entity, row, onSaved, onCancel, widgets, defaults }: EntityFormProps) {
  const { t, i18n } = useLingui();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<FormValues>(() => ({ ...initialValues(entity, row), ...(row ? {} : defaults) }));
  const { errors, failure, saving, save } = useFormSave(form, false);
  const problem = useRowProblem(row?.id);
  const serverFields = problem?.fields ?? {};
  const elsewhere = useChangedElsewhere(entity.key, row);

  async function submit(event: FormEvent) {
    event.preventDefault();
    await save(checkValues(entity, values), true, async (data, checked) => {
      onSaved(row ? await data.update(entity, row.id, checked, elsewhere.seenVersion) : await data.create(entity, checked));
    });
  }

  return (
    <form ref={form} onSubmit={submit} noValidate className="flex flex-col gap-5">
      {row && <PresenceNote entity={entity.key} id={row.id} />}
      <ChangedElsewhereNotice state={elsewhere} onReload={() => setValues(initialValues(entity, row))} />
      {problem && (
        <Alert tone="warning" title={t`The server did not accept the last change to this record`}>
          {problem.message || messageForCode(i18n, problem.code)}
        </Alert>
      )}
      {applyingFields(editableFields(entity), values).map(([name, field]) => {
        const Widget = widgets?.[name] ?? fieldWidgets[field.kind];
        const reason = errors[name] ?? serverFields[name];
        return (
          <Widget
            key={name}
            field={field}
            name={name}
            label={i18n._(field.label)}
            hint={field.hint ? i18n._(field.hint) : undefined}
            value={values[name]}
            onChange={(value) => setValues((current) => ({ ...current, [name]: value }))}
            error={reason ? fieldProblemMessage(i18n, field, reason) : undefined}
            context={values}
            patch={(changes) => setValues((current) => ({ ...current, ...changes }))}
          />
        );
      })}
      {failure && <Alert tone="error">{failure}</Alert>}
      <p className="text-xs text-slate-600">
        <Trans>Saved on this device at once, and sent to the server when there is a connection.</Trans>
      </p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" loading={saving}>
          {row ? <Trans>Save changes</Trans> : <Trans>Add</Trans>}
        </Button>
      </div>
    </form>
  );
}
