/**
 * Chooses a row of another entity (a reference field): type to narrow the list by name, arrows and
 * Enter to pick, and a clear choice when the field is optional. The rows come from this device.
 */
import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions, Field, Label } from '@headlessui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { normalizeSearch } from '../../contract/list.ts';
import { cx } from '../../ui/cx.ts';
import { CheckIcon, ChevronIcon } from '../../ui/icons.tsx';
import { inputClasses } from '../../ui/TextField.tsx';
import { sortedOptions, useReferenceTitles, type ReferenceOption } from './referenceTitles.ts';

const SHOWN_MAX = 100;

export interface ReferenceComboboxProps {
  label: string;
  /** `<Module>/<Entity>` of the rows to choose from. */
  to: string;
  value: string | null;
  onChange: (id: string | null) => void;
  required?: boolean;
  error?: string;
  hint?: string;
  /** Rows that may not be chosen (a role cannot report to itself). */
  exclude?: readonly string[];
  /** When given, only these rows may be chosen (the locations of the document's warehouse). */
  only?: ReadonlySet<string>;
  /** What the empty field says (a filter: "All"). */
  placeholder?: string;
  /** The words of the empty choice (a filter: "All"). */
  noneLabel?: string;
}

export function ReferenceCombobox({
  label,
  to,
  value,
  onChange,
  required,
  error,
  hint,
  exclude,
  only,
  placeholder,
  noneLabel,
}: ReferenceComboboxProps) {
  const { t } = useLingui();
  const titles = useReferenceTitles(to);
  const [query, setQuery] = useState('');
  const messageId = useId();
  // Not looked up among the sorted choices: those are made only while the list is open.
  const selected = useMemo(() => (value ? { id: value, title: titles?.get(value) ?? '…' } : null), [value, titles]);

  return (
    <Field className="flex flex-col gap-1.5">
      <Label className="text-sm font-medium text-slate-800">{label}</Label>
      <Combobox
        value={selected}
        onChange={(option: ReferenceOption | null) => onChange(option?.id ?? null)}
        onClose={() => setQuery('')}
        by="id"
      >
        <div className="relative">
          <ComboboxInput
            className={cx(inputClasses, 'pe-10')}
            displayValue={(option: ReferenceOption | null) => option?.title ?? ''}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={placeholder ?? (required ? t`Type to search` : t`None — type to search`)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error || hint ? messageId : undefined}
            data-invalid={error ? '' : undefined}
          />
          <ComboboxButton
            className="absolute inset-y-0 inset-e-0 grid w-10 place-items-center text-slate-500"
            aria-label={t`Show the choices`}
          >
            <ChevronIcon className="size-4 rotate-90" />
          </ComboboxButton>
        </div>
        <ComboboxOptions
          anchor="bottom start"
          className="z-50 mt-1 max-h-64 w-(--input-width) overflow-y-auto rounded-xl bg-white p-1 shadow-lg ring-1 ring-slate-200 empty:invisible"
        >
          <Choices
            titles={titles}
            query={query}
            exclude={exclude}
            only={only}
            none={!required && value ? (noneLabel ?? <Trans>None</Trans>) : null}
          />
        </ComboboxOptions>
      </Combobox>
      {(error || hint) && (
        <p id={messageId} className={error ? 'text-sm text-red-700' : 'text-xs text-slate-600'} role={error ? 'alert' : undefined}>
          {error ?? hint}
        </p>
      )}
    </Field>
  );
}

interface ChoicesProps extends Pick<ReferenceComboboxProps, 'exclude' | 'only'> {
  titles: Map<string, string> | undefined;
  query: string;
  /** The empty choice's words, when the field may be emptied. */
  none: ReactNode;
}

/**
 * The choices, drawn only while the list is open: sorting and filtering every title (100,000 roles
 * in a big panel) at each render of a closed field (a list's filters, a form) was a long task of
 * its own once the rows had been read.
 */
function Choices({ titles, query, exclude, only, none }: ChoicesProps) {
  const options = useMemo(
    () => sortedOptions(titles).filter((o) => !exclude?.includes(o.id) && (!only || only.has(o.id))),
    [titles, exclude, only],
  );
  const words = normalizeSearch(query).split(/\s+/).filter(Boolean);
  const matching = words.length ? options.filter((o) => words.every((w) => normalizeSearch(o.title).includes(w))) : options;
  return (
    <>
      {none && (
        <ComboboxOption value={null} className="cursor-pointer rounded-lg px-3 py-2.5 text-sm text-slate-600 data-focus:bg-slate-100">
          {none}
        </ComboboxOption>
      )}
      {matching.slice(0, SHOWN_MAX).map((option) => (
        <ComboboxOption
          key={option.id}
          value={option}
          className="group flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2.5 text-sm text-slate-800 data-focus:bg-brand-50"
        >
          <CheckIcon className="invisible size-4 text-brand-700 group-data-selected:visible" />
          {option.title || '—'}
        </ComboboxOption>
      ))}
      {titles && matching.length === 0 && (
        <div className="px-3 py-2.5 text-sm text-slate-600">
          <Trans>Nothing matches.</Trans>
        </div>
      )}
    </>
  );
}
