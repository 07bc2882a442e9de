/**
 * /User/Panel/AddPanel/RegisterPanel: a new panel (name, icon, company details, modules). Its
 * creator becomes its owner; the new panel becomes the current one and opens its first-run setup.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { registerPanel } from '../../api/panels.ts';
import type { PanelDetails } from '../../contract/panels.ts';
import { modulePath, type ModuleKey } from '../../contract/routes.ts';
import { describeError } from '../../i18n/describeError.ts';
import { storePanelCode } from '../../session/session.ts';
import { replaceCurrentPanel } from '../../storage/currentPanel.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card, PageHeader } from '../../ui/Card.tsx';
import { focusFirstInvalid } from '../../ui/focusFirstInvalid.ts';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import { IconChoice } from '../../panel/IconChoice.tsx';
import { ModuleChoice } from '../../panel/ModuleChoice.tsx';
import { emptyDetails, serverFieldErrors } from '../../panel/panelDetailsForm.ts';
import { PanelDetailsFields } from '../../panel/PanelDetailsFields.tsx';

export function RegisterPanel() {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Register a panel`);
  const [, navigate] = useLocation();
  const form = useRef<HTMLFormElement>(null);
  const [details, setDetails] = useState<PanelDetails>(emptyDetails);
  const [modules, setModules] = useState<ModuleKey[]>(['PanelManagement']);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (!details.name.trim()) {
      setErrors({ name: 'required' });
      return focusFirstInvalid(form.current);
    }
    setSaving(true);
    try {
      const panel = await registerPanel({ ...details, modules });
      storePanelCode(panel.code);
      await replaceCurrentPanel(panel);
      navigate(modulePath('PanelManagement', 'initial-elements'));
    } catch (error) {
      setErrors(serverFieldErrors(error));
      setFailure(describeError(i18n, error));
      focusFirstInvalid(form.current);
    } finally {
      setSaving(false);
    }
  }

  return (
    <>
      <PageHeader
        title={<Trans>Register a panel</Trans>}
        description={
          <Trans>A panel is your company’s workspace. You will be its owner; you can invite people and give them roles afterwards.</Trans>
        }
      />
      <form ref={form} onSubmit={submit} noValidate className="flex flex-col gap-6">
        <Card className="flex flex-col gap-6">
          <PanelDetailsFields value={details} onChange={setDetails} errors={errors} />
          <IconChoice legend={<Trans>Icon</Trans>} name="icon" value={details.icon} onChange={(icon) => setDetails({ ...details, icon })} />
        </Card>
        <Card>
          <ModuleChoice legend={<Trans>Modules to enable</Trans>} value={modules} onChange={setModules} />
        </Card>
        {failure && <Alert tone="error">{failure}</Alert>}
        <div className="flex justify-end">
          <Button type="submit" size="lg" loading={saving}>
            <Trans>Register the panel</Trans>
          </Button>
        </div>
      </form>
    </>
  );
}
