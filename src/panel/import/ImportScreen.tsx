/**
 * /User/Panel/Import?entity=<Module>/<Entity>: bringing a business's rows in from a spreadsheet
 * (decision 042), for any entity its module marks importable, in four steps on one page, phone
 * first: (1) choose a .xlsx or .csv file, or download the entity's template; (2) map the sheet's
 * columns to fields, guessed from the headers and remembered per entity on this device; (3) a
 * test run that checks every row as a write would, with the errors per row and cell and a sheet
 * of the bad rows; (4) the import itself, as ordinary local writes, with a progress bar and a
 * cancel. Reading and checking run in a worker (importWorker.ts), which alone loads the sheet libraries.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useSearch } from 'wouter';
import { alreadyImported, planDocuments, type DocumentImport, type PlannedDocument } from '../../contract/documentImport.ts';
import { permission, shownFields, type Entity, type Row } from '../../contract/entity.ts';
import { PANEL_TIME_ZONE } from '../../contract/fields.ts';
import type { Field } from '../../contract/fields.ts';
import {
  guessColumns,
  normalizeHeader,
  normalizeName,
  referenceWords,
  type Cell,
  type ImportContext,
  type ImportReason,
  type RowOutcome,
} from '../../contract/importRows.ts';
import { entityByKey, importTarget } from '../../contract/modules.ts';
import { formatNumber, localDigits } from '../../i18n/format.ts';
import { activeLocale, directionOf } from '../../i18n/locale.ts';
import { useCanAccess } from '../../storage/access.ts';
import { usePanelData, type PanelData } from '../../storage/panelData.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button, buttonClasses } from '../../ui/Button.tsx';
import { PageHeader, SectionCard } from '../../ui/Card.tsx';
import { DownloadIcon } from '../../ui/icons.tsx';
import { ProgressBar } from '../../ui/ProgressBar.tsx';
import { SelectField } from '../../ui/SelectField.tsx';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import { fieldProblemMessage } from '../entity/fieldProblems.ts';
import { inSentence } from '../../i18n/format.ts';
import '../modules.ts';
import { WithPanel } from '../WithPanel.tsx';
import { startSheetWorker, type SheetWorker } from './importProtocol.ts';
import { writeImport, type ImportResult } from './importWrites.ts';
import { AlreadyImported, ImportedBefore } from './AlreadyImported.tsx';
import { writeDocuments, type DocumentImportResult } from './documentImportWrites.ts';
import { describeError } from '../../i18n/describeError.ts';
import { downloadFile } from '../spreadsheet/downloadFile.ts';

/** The fields a sheet may fill: shown and not read-only. */
function importFields(entity: Entity): [string, Field][] {
  return shownFields(entity).filter(([, field]) => !field.readOnly);
}

const mappingKey = (entity: Entity) => `pishkhan.import.${entity.key}`;

/** The person's last mapping for this entity: normalised header → field. */
function rememberedMapping(entity: Entity): Record<string, string> {
  try {
    return JSON.parse(localStorage.getItem(mappingKey(entity)) ?? '{}') as Record<string, string>;
  } catch {
    return {};
  }
}

function download(fileName: string, data: ArrayBuffer): void {
  downloadFile(fileName, new Blob([data], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
}

function reasonText(i18n: I18n, field: Field, reason: ImportReason): string {
  if (reason === 'duplicate') return i18n._(msg`This key is in the file more than once.`);
  if (reason === 'ambiguous') return i18n._(msg`More than one record has this code or name.`);
  if (reason === 'reference') return i18n._(msg`No record has this code or name.`);
  return fieldProblemMessage(i18n, field, reason);
}

export function ImportScreen() {
  const { t } = useLingui();
  const search = useSearch();
  const target = importTarget(new URLSearchParams(search).get('entity') ?? '');
  useDocumentTitle(t`Import`);
  if (!target) {
    return (
      <>
        <PageHeader title={<Trans>Import</Trans>} />
        <Alert tone="warning" title={t`Nothing to import here`}>
          {t`This list cannot be imported from a spreadsheet.`}
        </Alert>
      </>
    );
  }
  const back = new URLSearchParams(search).get('back');
  // Only a path of this app, never another site.
  const listHref = back?.startsWith('/') && !back.startsWith('//') ? back : null;
  return <WithPanel>{() => <Importer entity={target.entity} documentImport={target.documentImport} listHref={listHref} />}</WithPanel>;
}

/** A document a sheet makes, as the test run shows it: its group's title and whether it is here already. */
type Planned = { plan: PlannedDocument; title: string; already: Row | undefined };

const today = () => new Date().toLocaleDateString('en-CA', { timeZone: PANEL_TIME_ZONE });

type Read = { headers: string[]; count: number; sample: Cell[][]; fileName: string };

function Importer({
  entity,
  documentImport,
  listHref,
}: {
  entity: Entity;
  documentImport: DocumentImport | null;
  listHref: string | null;
}) {
  const { t, i18n } = useLingui();
  const can = useCanAccess();
  const panel = usePanelData();
  const plural = i18n._(entity.pluralLabel);
  const fields = useMemo(() => importFields(entity), [entity]);
  const worker = useRef<SheetWorker | null>(null);
  const [read, setRead] = useState<Read | null>(null);
  const [columns, setColumns] = useState<Record<string, number>>({});
  const [key, setKey] = useState<string | null>(entity.importable!.keys[0] ?? null);
  const [outcomes, setOutcomes] = useState<RowOutcome[] | null>(null);
  const [busy, setBusy] = useState<'read' | 'check' | 'import' | 'sheet' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [plans, setPlans] = useState<Planned[] | null>(null);
  const [made, setMade] = useState<DocumentImportResult | null>(null);
  const fileBase = documentImport?.name ?? entity.name;
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => worker.current?.close(), []);
  const ask = () => (worker.current ??= startSheetWorker());
  const rtl = directionOf(activeLocale()) === 'rtl';
  const labelOf = (name: string) => i18n._(entity.fields[name]!.label);

  const allowed =
    can(permission(entity, 'create')) && (documentImport?.grants ?? []).every((grant) => can(permission(documentImport!.document, grant)));
  if (!allowed) {
    return (
      <>
        <PageHeader title={t`Import ${inSentence(plural)}`} />
        <Alert tone="warning" title={t`You may not add ${inSentence(plural)}`}>
          {t`Ask the panel’s owner or an administrator for access.`}
        </Alert>
      </>
    );
  }

  async function template() {
    setBusy('sheet');
    try {
      const example = entity.importable!.example as Record<string, string>;
      const answer = await ask().ask(
        {
          type: 'template',
          title: plural,
          headers: fields.map(([name]) => labelOf(name)),
          example: fields.map(([name]) => example[name] ?? null),
          rtl,
        },
        'sheet',
      );
      download(`${fileBase}-template.xlsx`, answer.data);
    } catch (error) {
      setFailure(String(error));
    } finally {
      setBusy(null);
    }
  }

  async function choose(file: File) {
    setBusy('read');
    setFailure(null);
    setOutcomes(null);
    setResult(null);
    setPlans(null);
    setMade(null);
    try {
      const answer = await ask().ask({ type: 'read', data: await file.arrayBuffer(), name: file.name }, 'read');
      setRead({ ...answer, fileName: file.name });
      const words = Object.fromEntries(fields.map(([name, field]) => [name, [i18n._(field.label), field.label.message]]));
      const guessed = guessColumns(answer.headers, words);
      const remembered = rememberedMapping(entity);
      answer.headers.forEach((header, i) => {
        const name = remembered[normalizeHeader(header)];
        if (name && fields.some(([f]) => f === name)) guessed[name] = i;
      });
      setColumns(guessed);
    } catch {
      setFailure(t`This file could not be read. Choose an .xlsx or .csv file.`);
    } finally {
      setBusy(null);
    }
  }

  async function context(data: PanelData): Promise<ImportContext> {
    const options: ImportContext['options'] = {};
    const references: ImportContext['references'] = {};
    let scoped: ImportContext['within'];
    for (const [name, field] of fields) {
      if (field.kind === 'select' || (field.kind === 'stringList' && field.options)) {
        const map = new Map<string, string>();
        for (const option of field.options ?? []) {
          for (const word of [option.value, option.label.message, i18n._(option.label)]) map.set(normalizeName(word), option.value);
        }
        options[name] = map;
      }
      if (field.kind !== 'reference' || !(name in columns)) continue;
      const target = entityByKey(field.to);
      if (!target) continue;
      const within = documentImport?.within?.[name];
      if (within) {
        const byParent = new Map<string, Row[]>();
        for (const row of await data.db.rows(target).toArray()) {
          const parent = String(row[within.field] ?? '');
          const list = byParent.get(parent);
          if (list) list.push(row);
          else byParent.set(parent, [row]);
        }
        const words = new Map([...byParent].map(([parent, rows]) => [parent, referenceWords(target, rows)] as const));
        (scoped ??= {})[name] = { group: within.group, words };
      } else if (!references[field.to]) {
        references[field.to] = referenceWords(target, await data.db.rows(target).toArray(), documentImport?.alsoBy?.[name]);
      }
    }
    const rows: ImportContext['rows'] = {};
    for (const key of documentImport?.needs ?? []) {
      const target = entityByKey(key);
      if (target) rows[key] = new Map((await data.db.rows(target).toArray()).map((row) => [row.id, row]));
    }
    return { options, references, within: scoped, rows };
  }

  async function check() {
    if (!panel || !read) return;
    setBusy('check');
    setFailure(null);
    setResult(null);
    try {
      const remembered = Object.fromEntries(Object.entries(columns).map(([name, i]) => [normalizeHeader(read.headers[i] ?? ''), name]));
      localStorage.setItem(mappingKey(entity), JSON.stringify(remembered));
      const existing = documentImport ? [] : await panel.db.rows(entity).toArray();
      const mapping = { columns, key: key && key in columns ? key : null };
      const answer = await ask().ask({ type: 'check', entity: entity.key, mapping, context: await context(panel), existing }, 'checked');
      setOutcomes(answer.outcomes);
      if (documentImport) setPlans(await planned(panel, documentImport, answer.outcomes));
    } catch (error) {
      setFailure(String(error));
    } finally {
      setBusy(null);
    }
  }

  /** The documents the checked rows make, each with its group's title and the document here already made from them. */
  async function planned(data: PanelData, spec: DocumentImport, checked: readonly RowOutcome[]): Promise<Planned[]> {
    const lines = checked.flatMap((o) => (o.action === 'create' ? [{ line: o.line, values: o.values }] : []));
    const documents = await data.db.rows(spec.document).toArray();
    const titles = new Map<string, string>();
    for (const name of spec.groupBy) {
      const field = entity.fields[name];
      const target = field?.kind === 'reference' ? entityByKey(field.to) : undefined;
      if (target) for (const row of await data.db.rows(target).toArray()) titles.set(row.id, String(row[target.titleField] ?? ''));
    }
    return planDocuments(spec, lines, i18n._(spec.mark.words)).map((plan) => ({
      plan,
      title: spec.groupBy.map((name) => titles.get(String(plan.group[name])) ?? String(plan.group[name] ?? '')).join(' · '),
      already: alreadyImported(spec, documents, plan.mark),
    }));
  }

  async function runDocuments(spec: DocumentImport) {
    if (!panel || !plans) return;
    setBusy('import');
    abort.current = new AbortController();
    setProgress({ done: 0, total: plans.reduce((n, p) => n + p.plan.lines.length, 0) });
    try {
      const done = await writeDocuments(
        panel.data,
        spec,
        plans.map((p) => p.plan),
        () => panel.db.rows(spec.document).toArray(),
        {
          today: today(),
          submit: can(permission(spec.document, 'submit')),
          signal: abort.current.signal,
          onProgress: (d, total) => setProgress({ done: d, total }),
        },
      );
      setMade(done);
      setOutcomes(null);
      setPlans(null);
    } catch (error) {
      setFailure(describeError(i18n, error));
    } finally {
      setBusy(null);
      abort.current = null;
    }
  }

  function messages(): Record<number, string> {
    const out: Record<number, string> = {};
    for (const o of outcomes ?? []) {
      if (o.action !== 'error') continue;
      out[o.line] = Object.entries(o.errors)
        .map(([name, reason]) => `${labelOf(name)}: ${reasonText(i18n, entity.fields[name]!, reason)}`)
        .join(' — ');
    }
    return out;
  }

  async function errorSheet() {
    setBusy('sheet');
    try {
      const answer = await ask().ask({ type: 'errors', title: plural, column: t`Errors`, messages: messages(), rtl }, 'sheet');
      download(`${fileBase}-errors.xlsx`, answer.data);
    } finally {
      setBusy(null);
    }
  }

  async function run() {
    if (!panel || !outcomes) return;
    setBusy('import');
    abort.current = new AbortController();
    setProgress({ done: 0, total: outcomes.length });
    try {
      const done = await writeImport(panel.data, entity, outcomes, {
        signal: abort.current.signal,
        onProgress: (d, total) => setProgress({ done: d, total }),
      });
      setResult(done);
      setOutcomes(null);
    } finally {
      setBusy(null);
      abort.current = null;
    }
  }

  const count = (action: RowOutcome['action']) => formatNumber(outcomes?.filter((o) => o.action === action).length ?? 0);
  const errors = outcomes?.filter((o): o is Extract<RowOutcome, { action: 'error' }> => o.action === 'error') ?? [];
  const columnOptions = (read?.headers ?? []).map((header, i) => ({ value: String(i), label: header || t`Column ${formatNumber(i + 1)}` }));

  return (
    <>
      <PageHeader
        title={t`Import ${inSentence(plural)}`}
        description={
          documentImport ? (
            i18n._(documentImport.description)
          ) : (
            <Trans>Bring rows in from an Excel (.xlsx) or CSV file. Nothing is written until the last step.</Trans>
          )
        }
        actions={
          listHref && (
            <Link href={listHref} className={buttonClasses('ghost', 'sm')}>
              <Trans>Back to the list</Trans>
            </Link>
          )
        }
      />
      <div className="flex flex-col gap-4">
        <SectionCard title={<Trans>1. Choose a file</Trans>}>
          <div className="flex flex-wrap items-center gap-3">
            <label className={buttonClasses('primary')}>
              <Trans>Choose a file</Trans>
              <input
                type="file"
                className="sr-only"
                accept=".xlsx,.csv,.txt"
                data-testid="import-file"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  if (file) void choose(file);
                  e.target.value = '';
                }}
              />
            </label>
            <Button variant="secondary" icon={<DownloadIcon />} loading={busy === 'sheet' && !read} onClick={() => void template()}>
              <Trans>Download the template</Trans>
            </Button>
          </div>
          {busy === 'read' && (
            <p className="mt-3 text-sm text-slate-600" role="status">
              <Trans>Reading the file…</Trans>
            </p>
          )}
          {read && (
            <p className="mt-3 text-sm text-slate-700" role="status">
              <span dir="ltr">{read.fileName}</span> · <Trans>{formatNumber(read.count)} rows</Trans>
            </p>
          )}
          {failure && (
            <Alert tone="error" className="mt-3" title={t`Something went wrong`}>
              {failure}
            </Alert>
          )}
        </SectionCard>

        {read && (
          <SectionCard title={<Trans>2. Match the columns</Trans>}>
            <p className="mb-3 text-sm text-slate-600">
              <Trans>Which column of the sheet fills each field. Guessed from the headers; your choice is remembered for next time.</Trans>
            </p>
            <div className="grid gap-3 sm:grid-cols-2">
              {fields.map(([name, field]) => (
                <SelectField
                  key={name}
                  label={i18n._(field.label)}
                  options={columnOptions}
                  placeholder={t`Not imported`}
                  value={name in columns ? String(columns[name]) : ''}
                  data-field={name}
                  onChange={(e) => {
                    const next = { ...columns };
                    if (e.target.value === '') delete next[name];
                    else next[name] = Number(e.target.value);
                    setColumns(next);
                    setOutcomes(null);
                  }}
                />
              ))}
            </div>
            {entity.importable!.keys.length > 0 && (
              <SelectField
                className="mt-4"
                label={t`Find existing rows by`}
                hint={t`A row whose value here matches one already in the panel updates it; others are added.`}
                options={entity.importable!.keys.map((k) => ({ value: k, label: labelOf(k) }))}
                placeholder={t`Always add new rows`}
                value={key ?? ''}
                data-field="import-key"
                onChange={(e) => {
                  setKey(e.target.value || null);
                  setOutcomes(null);
                }}
              />
            )}
          </SectionCard>
        )}

        {read && (
          <SectionCard title={<Trans>3. Test run</Trans>}>
            <Button
              variant="secondary"
              loading={busy === 'check'}
              disabled={busy !== null || !Object.keys(columns).length}
              onClick={() => void check()}
            >
              <Trans>Check every row</Trans>
            </Button>
            {outcomes && (
              <div className="mt-4 flex flex-col gap-3">
                <ul className="flex flex-wrap gap-x-6 gap-y-1 text-sm" data-testid="import-summary">
                  {documentImport ? (
                    <li data-count="create">
                      <Trans>Good rows: {count('create')}</Trans>
                    </li>
                  ) : (
                    <>
                      <li data-count="create">
                        <Trans>New: {count('create')}</Trans>
                      </li>
                      <li data-count="update">
                        <Trans>Changed: {count('update')}</Trans>
                      </li>
                      <li data-count="same">
                        <Trans>Unchanged: {count('same')}</Trans>
                      </li>
                    </>
                  )}
                  <li data-count="error" className={errors.length ? 'font-semibold text-red-700' : undefined}>
                    <Trans>With errors: {count('error')}</Trans>
                  </li>
                </ul>
                {plans && (
                  <ul className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200" data-testid="import-documents">
                    {plans.map(({ plan, title, already }) => (
                      <li
                        key={plan.mark}
                        className="flex flex-wrap items-baseline gap-x-3 px-3 py-2 text-sm"
                        data-already={already ? 'yes' : 'no'}
                      >
                        <span className="font-medium">{title}</span>
                        <span className="text-slate-600">
                          <Trans context="document lines">{formatNumber(plan.lines.length)} lines</Trans>
                        </span>
                        {already ? (
                          <span className="font-semibold text-amber-700">
                            <AlreadyImported number={String(already.number ?? '')} />
                          </span>
                        ) : (
                          <span className="text-emerald-700">
                            <Trans>A new document</Trans>
                          </span>
                        )}
                      </li>
                    ))}
                  </ul>
                )}
                {errors.length > 0 && (
                  <>
                    <ul
                      className="max-h-80 divide-y divide-slate-100 overflow-auto rounded-lg ring-1 ring-slate-200"
                      data-testid="import-errors"
                    >
                      {errors.slice(0, 300).map((o) => (
                        <li key={o.line} className="px-3 py-2 text-sm" data-line={o.line}>
                          <span className="font-medium">
                            <Trans>Row {localDigits(String(o.line))}</Trans>
                          </span>
                          <ul className="ms-4 list-disc text-slate-700">
                            {Object.entries(o.errors).map(([name, reason]) => (
                              <li key={name}>
                                {labelOf(name)}: {reasonText(i18n, entity.fields[name]!, reason)}
                              </li>
                            ))}
                          </ul>
                        </li>
                      ))}
                    </ul>
                    <div>
                      <Button variant="secondary" icon={<DownloadIcon />} loading={busy === 'sheet'} onClick={() => void errorSheet()}>
                        <Trans>Download the rows with errors</Trans>
                      </Button>
                    </div>
                  </>
                )}
              </div>
            )}
          </SectionCard>
        )}

        {(outcomes || busy === 'import' || result || made) && (
          <SectionCard title={<Trans>4. Import</Trans>}>
            {outcomes && busy !== 'import' && (
              <>
                {errors.length > 0 && (
                  <p className="mb-3 text-sm text-slate-600">
                    <Trans>Rows with errors are skipped; fix them in the sheet and import it again.</Trans>
                  </p>
                )}
                <Button
                  disabled={
                    busy !== null ||
                    (documentImport
                      ? !plans?.some((p) => !p.already)
                      : !outcomes.some((o) => o.action === 'create' || o.action === 'update'))
                  }
                  onClick={() => void (documentImport ? runDocuments(documentImport) : run())}
                >
                  <Trans>Import</Trans>
                </Button>
              </>
            )}
            {busy === 'import' && progress && (
              <div className="flex flex-col gap-3">
                <ProgressBar
                  value={(progress.done / Math.max(1, progress.total)) * 100}
                  label={<Trans>Importing…</Trans>}
                  valueText={`${formatNumber(progress.done)} / ${formatNumber(progress.total)}`}
                />
                <div>
                  <Button variant="secondary" onClick={() => abort.current?.abort()}>
                    <Trans>Cancel</Trans>
                  </Button>
                </div>
              </div>
            )}
            {made && (
              <ImportOutcome
                cancelled={made.cancelled ? t`The documents made before it stay, and are sent to the server like any change.` : null}
                before={
                  made.already.length > 0 && (
                    <div data-testid="import-already">
                      <Alert tone="warning" title={t`Already imported`}>
                        <ImportedBefore numbers={made.already.map((row) => String(row.number ?? ''))} />
                      </Alert>
                    </div>
                  )
                }
                counts={[
                  { key: 'made', text: <Trans>Documents made: {formatNumber(made.made.length)}</Trans> },
                  { key: 'already', text: <Trans>Already imported: {formatNumber(made.already.length)}</Trans> },
                ]}
                refused={made.failed.length}
                listHref={listHref}
              >
                {made.failed.map(({ plan, error }) => (
                  <Alert key={plan.mark} tone="error">
                    {describeError(i18n, error)}
                  </Alert>
                ))}
              </ImportOutcome>
            )}
            {result && (
              <ImportOutcome
                cancelled={result.cancelled ? t`The rows written before it stay, and are sent to the server like any change.` : null}
                counts={[
                  { key: 'created', text: <Trans>Added: {formatNumber(result.created)}</Trans> },
                  { key: 'updated', text: <Trans>Updated: {formatNumber(result.updated)}</Trans> },
                  { key: 'skipped', text: <Trans>Skipped: {formatNumber(result.skipped)}</Trans> },
                ]}
                refused={result.failed.length}
                listHref={listHref}
              />
            )}
          </SectionCard>
        )}
      </div>
    </>
  );
}

/** The end of an import, of rows or of documents: a cancel, the counts, what else it says, and the way back. */
function ImportOutcome({
  cancelled,
  before,
  counts,
  refused,
  listHref,
  children,
}: {
  /** What a cancel kept, when the import was cancelled. */
  cancelled: string | null;
  before?: ReactNode;
  counts: { key: string; text: ReactNode }[];
  refused: number;
  listHref: string | null;
  children?: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <div className="flex flex-col gap-2" role="status" data-testid="import-result">
      {cancelled && (
        <Alert tone="warning" title={t`The import was cancelled`}>
          {cancelled}
        </Alert>
      )}
      {before}
      <ul className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
        {counts.map(({ key, text }) => (
          <li key={key} data-count={key}>
            {text}
          </li>
        ))}
        {refused > 0 && (
          <li data-count="failed" className="text-red-700">
            <Trans>Refused: {formatNumber(refused)}</Trans>
          </li>
        )}
      </ul>
      {children}
      <p className="text-sm text-slate-600">
        <Trans>The changes are saved on this device and sent to the server at the next sync.</Trans>
      </p>
      {listHref && (
        <Link href={listHref} className={buttonClasses('secondary', 'sm') + ' self-start'}>
          <Trans>Back to the list</Trans>
        </Link>
      )}
    </div>
  );
}
