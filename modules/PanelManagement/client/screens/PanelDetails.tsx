/** PanelDetails: the panel's name and company details; for its owner, the panel's backup and a restore (decision 022). */
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState, type FormEvent } from 'react';
import {
  Button,
  Card,
  detailsOf,
  downloadPanelBackup,
  focusFirstInvalid,
  Ltr,
  NoAccess,
  panelAllows,
  PanelDetailsFields,
  type PanelInUse,
  restorePanelBackup,
  ScreenFrame,
  serverFieldErrors,
  showToast,
  updatePanelDetails,
  WithPanel,
} from '@/moduleKit.ts';
import type { RestoredPanelSummary } from '@/contract/panels.ts';
import { describeError } from '@/i18n/describeError.ts';
import { PANEL_SETTINGS_PERMISSION, type PanelDetails as Details } from '@/contract/panels.ts';
import { BooksAuditSection } from './BooksAudit.tsx';
import { useSettingsChange } from './useSettingsChange.ts';

export function PanelDetails() {
  const { t } = useLingui();
  return (
    <ScreenFrame title={t`Panel details`} description={<Trans>The panel’s name and your company’s details.</Trans>}>
      <WithPanel>
        {(panel) =>
          panelAllows(panel, PANEL_SETTINGS_PERMISSION) ? (
            <>
              <DetailsForm key={panel.code} panel={panel} />
              {panel.isOwner ? <BooksAuditSection key={`audit-${panel.code}`} /> : null}
              {panel.isOwner && <Backup key={`backup-${panel.code}`} />}
            </>
          ) : (
            <NoAccess />
          )
        }
      </WithPanel>
    </ScreenFrame>
  );
}

function DetailsForm({ panel }: { panel: PanelInUse }) {
  const { t } = useLingui();
  const form = useRef<HTMLFormElement>(null);
  const [details, setDetails] = useState<Details>(() => detailsOf(panel));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy, run } = useSettingsChange();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!details.name.trim()) {
      setErrors({ name: 'required' });
      return focusFirstInvalid(form.current);
    }
    const failure = await run('save', () => updatePanelDetails(details), t`The panel’s details are saved.`);
    setErrors(serverFieldErrors(failure));
    if (failure) focusFirstInvalid(form.current);
  }

  return (
    <form ref={form} onSubmit={submit} noValidate>
      <Card className="flex flex-col gap-6">
        <p className="text-sm text-slate-600">
          <Trans>Panel code</Trans> <Ltr className="font-semibold text-slate-900">{panel.code}</Ltr>
        </p>
        <PanelDetailsFields value={details} onChange={setDetails} errors={errors} />
        <div className="flex justify-end">
          <Button type="submit" loading={busy === 'save'}>
            <Trans>Save</Trans>
          </Button>
        </div>
      </Card>
    </form>
  );
}

/** The owner downloads the panel as one file, or restores such a file as a new panel. */
function Backup() {
  const { t, i18n } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<'download' | 'restore' | null>(null);
  const [restored, setRestored] = useState<RestoredPanelSummary | null>(null);

  async function download() {
    setBusy('download');
    try {
      const { file, name } = await downloadPanelBackup();
      const url = URL.createObjectURL(file);
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      showToast(t`The backup is downloaded.`, { type: 'success' });
    } catch (error) {
      showToast(describeError(i18n, error), { type: 'error' });
    } finally {
      setBusy(null);
    }
  }

  async function restore(file: File | undefined) {
    if (!file) return;
    setBusy('restore');
    setRestored(null);
    try {
      setRestored(await restorePanelBackup(file));
    } catch (error) {
      showToast(describeError(i18n, error), { type: 'error' });
    } finally {
      setBusy(null);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <Card className="mt-6 flex flex-col gap-4">
      <h2 className="text-base font-semibold text-slate-900">
        <Trans>Backup and restore</Trans>
      </h2>
      <p className="text-sm text-slate-600">
        <Trans>
          Download everything in this panel as one file: every module’s records, documents with their lines, ledgers, stock, numbering and
          the activity log. Restoring a file makes a new panel you own, on this server or another; this panel stays as it is.
        </Trans>
      </p>
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => void download()} loading={busy === 'download'} disabled={busy !== null}>
          <Trans>Download a backup</Trans>
        </Button>
        <Button variant="secondary" onClick={() => input.current?.click()} loading={busy === 'restore'} disabled={busy !== null}>
          <Trans>Restore a backup as a new panel…</Trans>
        </Button>
        <input
          ref={input}
          type="file"
          accept=".gz,application/gzip"
          className="hidden"
          aria-label={t`Backup file to restore`}
          onChange={(event) => void restore(event.target.files?.[0])}
        />
      </div>
      {restored && (
        <p role="status" className="rounded-md bg-emerald-50 p-3 text-sm text-emerald-900">
          <Trans>
            Restored as the panel “{restored.name}”, code <Ltr className="font-semibold">{restored.code}</Ltr>. It is in your list of
            panels.
          </Trans>
        </p>
      )}
    </Card>
  );
}
