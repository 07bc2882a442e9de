/**
 * A document's form (documents.md): its header fields and its lines, saved together as one write
 * on this device (a draft, offline or not), and optionally submitted at once. Checked with the
 * contract's rules first; problems the server named for the last change are shown on their fields.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { DocumentSpec, Entity, Line, Row } from '../../contract/entity.ts';
import { messageForCode } from '../../i18n/errorMessage.ts';
import { useRowProblem } from '../../storage/useSyncState.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { useCanAccess } from '../../storage/access.ts';
import { permission } from '../../contract/entity.ts';
import { fieldProblemMessage } from '../entity/fieldProblems.ts';
import { fieldWidgets, type Widget } from '../entity/fieldWidgets.tsx';
import { applyingFields, editableFields, type FormValues } from '../entity/formValues.ts';
import { useFormSave } from '../entity/useFormSave.ts';
import { checkDocument, fillLines, initialDocument, type DocumentValues, type LineFill, type LineValues } from './documentValues.ts';
import { LinesEditor } from './LinesEditor.tsx';
import { ChangedElsewhereNotice } from '../ChangedElsewhereNotice.tsx';
import { PresenceNote } from '../PresenceNote.tsx';
import { useChangedElsewhere } from '../useChangedElsewhere.ts';

export interface DocumentFormProps {
  entity: Entity & { document: DocumentSpec };
  /** The draft to edit; none to create. */
  row?: Row | null;
  defaults?: FormValues;
  /** A new document's lines (a return's, copied from its invoice); none: one empty line. */
  defaultLines?: readonly Line[];
  widgets?: Partial<Record<string, Widget>>;
  lineWidgets?: Partial<Record<string, Widget>>;
  lineFooter?: (line: LineValues, header: FormValues) => ReactNode;
  /** Under the lines: the totals, worked out by the module. */
  summary?: (values: DocumentValues) => ReactNode;
  /**
   * Under the header's fields: a part of the header the module edits itself (an invoice's cheques),
   * the internal `fields` it keeps them in (loaded and written with the rest), drawn by `render`
   * with a way to change a header value and the problems found, by field name
   * (`cheques.0.serial`), as reasons.
   */
  headerPart?: {
    fields: readonly string[];
    render: (header: FormValues, change: (name: string, value: unknown) => void, problems: Readonly<Record<string, string>>) => ReactNode;
  };
  /**
   * What a line gets from what was picked on it (the product's price when the product is chosen):
   * called with each changed line and the line as it was; the person may change the result.
   */
  fillLine?: LineFill;
  /**
   * What the primary button does for the header's values: save and submit (the default), or only
   * save, where submitting is not possible in this state (a sale is invoiced only once won).
   */
  primary?: (header: FormValues) => { label: string; submits: boolean };
  /** Above the lines: a way to add or change lines at once (a scanner that adds a line per scan). */
  linesToolbar?: (values: DocumentValues, setLines: (change: (lines: LineValues[]) => LineValues[]) => void) => ReactNode;
  onSaved: (row: Row) => void;
  onCancel: () => void;
}

export function DocumentForm({
  entity,
  row,
  defaults,
  defaultLines,
  widgets,
  lineWidgets,
  lineFooter,
  summary,
  headerPart,
  linesToolbar,
  fillLine,
  primary,
  onSaved,
  onCancel,
}: DocumentFormProps) {
  const { t, i18n } = useLingui();
  const can = useCanAccess();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<DocumentValues>(() => initialDocument(entity, row, defaults, defaultLines, headerPart?.fields));
  const { errors, failure, saving, save: write } = useFormSave<'draft' | 'submit' | null>(form, null);
  const problem = useRowProblem(row?.id);
  const shown = { ...(problem?.fields ?? {}), ...errors };
  const elsewhere = useChangedElsewhere(entity.key, row);
  const setLines = (change: (lines: LineValues[]) => LineValues[]) =>
    setValues((current) => ({ ...current, lines: fillLines(change(current.lines), current.lines, current.header, fillLine) }));
  const action = primary?.(values.header) ?? { label: t`Save and submit`, submits: true };

  async function save(andSubmit: boolean) {
    await write(checkDocument(entity, values, headerPart?.fields), andSubmit ? 'submit' : 'draft', async (data, checked) => {
      const id = row?.id ?? null;
      if (andSubmit) onSaved(await data.saveAndSubmit(entity, id, checked, elsewhere.seenVersion));
      else onSaved(id ? await data.update(entity, id, checked, elsewhere.seenVersion) : await data.create(entity, checked));
    });
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save(false);
  };

  return (
    <form ref={form} onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      {row && <PresenceNote entity={entity.key} id={row.id} document />}
      <ChangedElsewhereNotice
        state={elsewhere}
        onReload={() => setValues(initialDocument(entity, row, defaults, defaultLines, headerPart?.fields))}
      />
      {problem && (
        <Alert tone="warning" title={t`The server did not accept the last change to this document`}>
          {problem.message || messageForCode(i18n, problem.code)}
        </Alert>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {applyingFields(editableFields(entity), values.header).map(([name, field]) => {
          const Widget = widgets?.[name] ?? fieldWidgets[field.kind];
          const reason = shown[name];
          return (
            <div key={name} className={field.kind === 'longText' ? 'sm:col-span-2' : undefined}>
              <Widget
                field={field}
                name={name}
                label={i18n._(field.label)}
                hint={field.hint ? i18n._(field.hint) : undefined}
                value={values.header[name]}
                onChange={(value) => setValues((current) => ({ ...current, header: { ...current.header, [name]: value } }))}
                error={reason ? fieldProblemMessage(i18n, field, reason) : undefined}
                context={values.header}
              />
            </div>
          );
        })}
      </div>
      {headerPart?.render(
        values.header,
        (name, value) => setValues((current) => ({ ...current, header: { ...current.header, [name]: value } })),
        shown,
      )}
      {linesToolbar?.(values, setLines)}
      <LinesEditor
        spec={entity.document}
        lines={values.lines}
        onChange={(lines) => setLines(() => lines)}
        header={values.header}
        errors={shown}
        widgets={lineWidgets}
        lineFooter={lineFooter}
      />
      {summary?.(values)}
      {failure && <Alert tone="error">{failure}</Alert>}
      <p className="text-xs text-slate-600">
        <Trans>
          Saved on this device at once as a draft, and sent to the server when there is a connection. Submitting makes it final.
        </Trans>
      </p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
        {action.submits && can(permission(entity, 'submit')) ? (
          <>
            <Button type="submit" variant="secondary" loading={saving === 'draft'} disabled={saving !== null}>
              <Trans>Save draft</Trans>
            </Button>
            <Button loading={saving === 'submit'} disabled={saving !== null} onClick={() => void save(true)}>
              {action.label}
            </Button>
          </>
        ) : (
          <Button type="submit" loading={saving === 'draft'} disabled={saving !== null}>
            {action.submits ? <Trans>Save draft</Trans> : action.label}
          </Button>
        )}
      </div>
    </form>
  );
}
