/** PanelDetails: the panel's name and company details. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState, type FormEvent } from 'react';
import { updatePanelDetails } from '../../../../src/api/panels.ts';
import { PANEL_SETTINGS_PERMISSION, type PanelDetails as Details } from '../../../../src/contract/panels.ts';
import { panelAllows } from '../../../../src/storage/access.ts';
import type { PanelInUse } from '../../../../src/storage/currentPanel.ts';
import { Button } from '../../../../src/ui/Button.tsx';
import { Card, PageHeader } from '../../../../src/ui/Card.tsx';
import { focusFirstInvalid } from '../../../../src/ui/focusFirstInvalid.ts';
import { Ltr } from '../../../../src/ui/Ltr.tsx';
import { useDocumentTitle } from '../../../../src/ui/useDocumentTitle.ts';
import { detailsOf, serverFieldErrors } from '../../../../src/panel/panelDetailsForm.ts';
import { PanelDetailsFields } from '../../../../src/panel/PanelDetailsFields.tsx';
import { NoAccess, WithPanel } from '../../../../src/panel/WithPanel.tsx';
import { BooksAuditSection } from './BooksAudit.tsx';
import { useSettingsChange } from './useSettingsChange.ts';

export function PanelDetails() {
  const { t } = useLingui();
  useDocumentTitle(t`Panel details`);
  return (
    <>
      <PageHeader title={<Trans>Panel details</Trans>} description={<Trans>The panel’s name and your company’s details.</Trans>} />
      <WithPanel>
        {(panel) =>
          panelAllows(panel, PANEL_SETTINGS_PERMISSION) ? (
            <>
              <DetailsForm key={panel.code} panel={panel} />
              {panel.isOwner ? <BooksAuditSection key={`audit-${panel.code}`} /> : null}
            </>
          ) : (
            <NoAccess />
          )
        }
      </WithPanel>
    </>
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
