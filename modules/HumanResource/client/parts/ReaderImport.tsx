/**
 * Importing a fingerprint reader's log file (hr-attendance.md, Device): the file is read on the
 * device (CSV or ZKTeco attlog, rules/readerLog.ts), previewed — what will be added, what is held
 * already, codes no one carries, lines it could not read — and only then added as punches of
 * source "reader", each queued like any write so an import works offline too. The server checks
 * each against the person's policy on arrival.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useMemo, useRef, useState } from 'react';
import { describeError } from '@/i18n/describeError.ts';
import { formatDate, formatNumber } from '@/i18n/format.ts';
import { Alert, Button, DataTable, Ltr, ProgressBar, SectionCard, SelectField, usePanelData, useTableRows } from '@/moduleKit.ts';
import { Device, Personnel } from '../../entities/masterData.ts';
import { Punch } from '../../entities/punch.ts';
import { parseReaderLog, planImport, type ReaderLog } from '../../rules/readerLog.ts';
import { formatClock } from '../timeText.ts';

/** A log's text: UTF-8, or Windows-1256 (Arabic Windows) when UTF-8 does not fit, as older readers' software writes. */
export async function readLogFile(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1256').decode(bytes);
  }
}

const PREVIEW_ROWS = 50;

type Step =
  | { kind: 'idle' }
  | { kind: 'read'; name: string; log: ReaderLog }
  | { kind: 'importing'; done: number; total: number }
  | { kind: 'imported'; added: number; failed: string | null };

export function ReaderImport() {
  const { t, i18n } = useLingui();
  const panel = usePanelData();
  const [devices, personnel, punches] = useTableRows(panel?.db, [Device, Personnel, Punch]);
  const readers = useMemo(() => (devices ?? []).filter((d) => !d.deleted && d.kind === 'reader'), [devices]);
  const [deviceId, setDeviceId] = useState('');
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const input = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const plan = useMemo(
    () => (step.kind === 'read' && personnel && punches ? planImport(step.log, personnel, punches) : null),
    [step, personnel, punches],
  );
  const previewLabel =
    plan && plan.add.length > PREVIEW_ROWS
      ? t`The first ${formatNumber(PREVIEW_ROWS)} of ${formatNumber(plan.add.length)} punches to add`
      : t`Punches to add`;
  const names = useMemo(() => new Map((personnel ?? []).map((p) => [p.id, String(p.name)])), [personnel]);

  async function choose(file: File | undefined) {
    if (!file) return;
    setStep({ kind: 'read', name: file.name, log: parseReaderLog(await readLogFile(file)) });
  }

  async function importAll() {
    if (!panel || !plan || step.kind !== 'read') return;
    const note = t`Imported from ${step.name}`;
    const total = plan.add.length;
    let done = 0;
    setStep({ kind: 'importing', done, total });
    try {
      for (const p of plan.add) {
        await panel.data.create(Punch, {
          personnelId: p.personnelId,
          at: p.at,
          direction: p.direction,
          source: 'reader',
          ...(deviceId ? { deviceId } : {}),
          note,
        });
        done += 1;
        if (done % 25 === 0 || done === total) setStep({ kind: 'importing', done, total });
      }
      setStep({ kind: 'imported', added: done, failed: null });
    } catch (error) {
      setStep({ kind: 'imported', added: done, failed: describeError(i18n, error) });
    }
    if (input.current) input.current.value = '';
  }

  const device = readers.find((d) => d.id === deviceId);
  return (
    <SectionCard title={t`Import a reader’s log`} className="mt-6">
      <p className="mb-3 text-sm text-slate-700">
        <Trans>
          A fingerprint reader’s log file — ZKTeco attlog text or a CSV with the personnel code, date and time — is checked here first:
          punches already held are skipped and codes no one carries are listed.
        </Trans>
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label={t`Reader`}
          value={deviceId}
          onChange={(e) => setDeviceId(e.target.value)}
          options={readers.map((d) => ({ value: d.id, label: String(d.name) }))}
          placeholder={t`Not specified`}
        />
        <div className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          <span id={labelId}>{t`Log file`}</span>
          {/* The browser's own file button speaks the browser's language; this one speaks the app's. */}
          <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 bg-white p-1.5 focus-within:ring-2 focus-within:ring-brand-600">
            <input
              ref={input}
              type="file"
              accept=".csv,.txt,.dat,text/csv,text/plain"
              aria-labelledby={labelId}
              onChange={(e) => void choose(e.target.files?.[0])}
              className="sr-only"
            />
            <span className="rounded-md bg-brand-50 px-3 py-1.5 text-brand-800">{t`Choose a file…`}</span>
            <span className="truncate font-normal text-slate-600">{step.kind === 'read' ? <Ltr>{step.name}</Ltr> : t`None chosen`}</span>
          </label>
        </div>
      </div>
      {device && <p className="mt-2 text-xs text-slate-600">{t`Punches from this reader count at its workplace.`}</p>}

      {step.kind === 'read' && plan && (
        <div className="mt-4 flex flex-col gap-3" aria-live="polite">
          <ul className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
            <Figure label={t`To add`} value={plan.add.length} tone="text-emerald-800" />
            <Figure label={t`Already held`} value={plan.duplicates.length} />
            <Figure label={t`Unknown codes`} value={plan.unknown.length} tone={plan.unknown.length ? 'text-amber-800' : undefined} />
            <Figure
              label={t`Unreadable lines`}
              value={step.log.problems.length}
              tone={step.log.problems.length ? 'text-red-800' : undefined}
            />
          </ul>
          {plan.unknown.length > 0 && (
            <Alert tone="warning" title={t`No personnel carries these codes; their lines are left out`}>
              <ul className="flex flex-wrap gap-x-4 gap-y-1">
                {plan.unknown.map((u) => (
                  <li key={u.code}>
                    <Ltr className="font-mono">{u.code}</Ltr> <span className="text-xs">({t`${formatNumber(u.lines)} lines`})</span>
                  </li>
                ))}
              </ul>
            </Alert>
          )}
          {step.log.problems.length > 0 && (
            <Alert tone="error" title={t`Lines that could not be read`}>
              <ul className="flex flex-col gap-1">
                {step.log.problems.slice(0, 10).map((p) => (
                  <li key={p.line}>
                    {t`Line ${formatNumber(p.line)}:`} <Ltr className="font-mono text-xs">{p.text}</Ltr>
                  </li>
                ))}
              </ul>
            </Alert>
          )}
          {plan.add.length > 0 && <p className="text-xs text-slate-600">{previewLabel}</p>}
          {plan.add.length > 0 && (
            <DataTable
              label={previewLabel}
              rows={plan.add.slice(0, PREVIEW_ROWS)}
              rowKey={(p) => String(p.line)}
              wideFrom="sm"
              columns={[
                { id: 'name', header: t`Name`, title: true, cell: (p) => names.get(p.personnelId) ?? '' },
                { id: 'day', header: t`Day`, kind: 'date', cell: (p) => formatDate(p.at, 'medium') },
                { id: 'time', header: t`Time`, kind: 'figure', key: true, cell: (p) => formatClock(p.at) },
                { id: 'direction', header: t`In or out`, key: true, cell: (p) => (p.direction === 'in' ? t`In` : t`Out`) },
              ]}
            />
          )}
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => void importAll()} disabled={!plan.add.length}>
              {t`Add ${formatNumber(plan.add.length)} punches`}
            </Button>
            <Button variant="secondary" onClick={() => setStep({ kind: 'idle' })}>
              <Trans>Cancel</Trans>
            </Button>
          </div>
        </div>
      )}
      {step.kind === 'importing' && (
        <ProgressBar
          className="mt-4"
          value={(step.done / Math.max(1, step.total)) * 100}
          label={t`Adding punches`}
          valueText={t`${formatNumber(step.done)} of ${formatNumber(step.total)}`}
        />
      )}
      {step.kind === 'imported' &&
        (step.failed ? (
          <Alert tone="error" className="mt-4" title={t`${formatNumber(step.added)} punches added before the import stopped`}>
            {step.failed}
          </Alert>
        ) : (
          <Alert tone="success" className="mt-4" title={t`${formatNumber(step.added)} punches added`}>
            <Trans>They reach the server with the next sync; any the person’s policy does not allow are flagged for review.</Trans>
          </Alert>
        ))}
    </SectionCard>
  );
}

function Figure({ label, value, tone }: { label: string; value: number; tone?: string }) {
  return (
    <li className="rounded-xl bg-slate-50 p-3">
      <span className="block text-xs text-slate-600">{label}</span>
      <span className={`text-xl font-semibold tabular-nums ${tone ?? 'text-slate-900'}`}>{formatNumber(value)}</span>
    </li>
  );
}
