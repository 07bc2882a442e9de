/**
 * A document's lines in a form: each line a group of its fields' widgets (the kind's widget, or the
 * module's own for a field), numbered, removable; a spare line waits at the end so typing or
 * scanning never needs a button first. Problems are shown on the line and field they belong to.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { DocumentSpec } from '../../contract/entity.ts';
import { formatNumber } from '../../i18n/format.ts';
import { Button } from '../../ui/Button.tsx';
import { PlusIcon, TrashIcon } from '../../ui/icons.tsx';
import { fieldProblemMessage } from '../entity/fieldProblems.ts';
import { fieldWidgets, type Widget } from '../entity/fieldWidgets.tsx';
import { applyingFields, type FormValues } from '../entity/formValues.ts';
import { emptyLine, type LineValues } from './documentValues.ts';

export interface LinesEditorProps {
  spec: DocumentSpec;
  lines: LineValues[];
  onChange: (lines: LineValues[]) => void;
  /** The header's values, for widgets that depend on them (locations of the chosen warehouse). */
  header: FormValues;
  errors: Record<string, string>;
  widgets?: Partial<Record<string, Widget>>;
  /** Something the module shows under each line (its amount). */
  /** Under a line: what the module works out from it (its value), with the header's values. */
  lineFooter?: (line: LineValues, header: FormValues) => ReactNode;
}

export function LinesEditor({ spec, lines, onChange, header, errors, widgets, lineFooter }: LinesEditorProps) {
  const { t, i18n } = useLingui();
  const set = (i: number, name: string, value: unknown) => {
    const next = lines.map((line, j) => (j === i ? { ...line, [name]: value } : line));
    // Typing into the last line opens a spare one below it.
    if (i === lines.length - 1 && value !== '' && value !== null) next.push(emptyLine(spec));
    onChange(next);
  };
  const remove = (i: number) => onChange(lines.length > 1 ? lines.filter((_, j) => j !== i) : [emptyLine(spec)]);
  const lineError = Object.entries(errors).find(([key]) => key === 'lines')?.[1];
  return (
    <fieldset className="flex min-w-0 flex-col gap-3">
      <legend className="mb-2 text-base font-semibold text-slate-900">
        <Trans>Lines</Trans>
      </legend>
      {lineError && (
        <p className="text-sm text-red-700" role="alert">
          {lineError === 'required' ? t`Add at least one line.` : t`Too many lines for one document.`}
        </p>
      )}
      <ol className="flex flex-col gap-3">
        {lines.map((line, i) => {
          const number = formatNumber(i + 1);
          return (
            <li key={line.id} className="rounded-xl bg-slate-50/60 p-3 ring-1 ring-slate-200" aria-label={t`Line ${number}`}>
              <div className="mb-2 flex items-center justify-between gap-2">
                <span className="text-sm font-semibold text-slate-700">
                  <Trans>Line {number}</Trans>
                </span>
                <Button
                  size="sm"
                  variant="ghost"
                  icon={<TrashIcon className="size-4" />}
                  onClick={() => remove(i)}
                  aria-label={t`Remove line ${number}`}
                >
                  <span className="sr-only sm:not-sr-only">
                    <Trans>Remove</Trans>
                  </span>
                </Button>
              </div>
              <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                {applyingFields(Object.entries(spec.lines), line).map(([name, field]) => {
                  const Widget = widgets?.[name] ?? fieldWidgets[field.kind];
                  const reason = errors[`lines.${i}.${name}`];
                  return (
                    <Widget
                      key={name}
                      field={field}
                      name={`lines.${i}.${name}`}
                      label={i18n._(field.label)}
                      value={line[name]}
                      onChange={(value) => set(i, name, value)}
                      error={reason ? fieldProblemMessage(i18n, field, reason) : undefined}
                      context={{ ...header, line }}
                    />
                  );
                })}
              </div>
              {lineFooter?.(line, header)}
            </li>
          );
        })}
      </ol>
      <div>
        <Button size="sm" variant="secondary" icon={<PlusIcon className="size-4" />} onClick={() => onChange([...lines, emptyLine(spec)])}>
          <Trans>Add a line</Trans>
        </Button>
      </div>
    </fieldset>
  );
}
