/**
 * The tax system's settings (تنظیمات سامانه مودیان, decision 044): the fiscal memory id, the
 * economic code, the endpoint, and the key: pasted (private key and certificate) or made on the
 * server, whose certificate request is shown to take to the tax organisation. The private key is
 * sent once and never shown again: the server keeps it sealed and answers only that it has one.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { permission } from '@/contract/entity.ts';
import { formatDate } from '@/i18n/format.ts';
import {
  Alert,
  apiData,
  Button,
  Loading,
  NoAccess,
  PageHeader,
  SectionCard,
  SelectField,
  showToast,
  TextAreaField,
  TextField,
  useCanAccess,
  useDocumentTitle,
} from '@/moduleKit.ts';
import { Settings } from '../../entities/books.ts';
import { taxSystemEndpoints, type TaxEndpoint, type TaxSettingsView } from '../../rules/taxSystemEndpoints.ts';

export function TaxSettings() {
  const { t } = useLingui();
  const can = useCanAccess();
  useDocumentTitle(t`Tax system settings`);
  const [settings, setSettings] = useState<TaxSettingsView | null>(null);
  const [failed, setFailed] = useState(false);
  const [memoryId, setMemoryId] = useState('');
  const [economicCode, setEconomicCode] = useState('');
  const [endpoint, setEndpoint] = useState<TaxEndpoint>('sandbox');
  const [privateKey, setPrivateKey] = useState('');
  const [certificate, setCertificate] = useState('');
  const [commonName, setCommonName] = useState('');
  const [nationalId, setNationalId] = useState('');
  const [busy, setBusy] = useState(false);
  const allowed = can(permission(Settings, 'update'));

  const show = (view: TaxSettingsView) => {
    setSettings(view);
    setMemoryId(view.memoryId ?? '');
    setEconomicCode(view.economicCode ?? '');
    setEndpoint(view.endpoint);
  };

  useEffect(() => {
    if (!allowed) return;
    apiData<TaxSettingsView>('GET', taxSystemEndpoints.settings).then(show, () => setFailed(true));
  }, [allowed]);

  if (!allowed) return <NoAccess />;
  if (failed) return <Alert tone="error">{t`The settings could not be read. Are you online?`}</Alert>;
  if (!settings) return <Loading />;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const body = { memoryId, economicCode, endpoint, ...(privateKey ? { privateKey } : {}), ...(certificate ? { certificate } : {}) };
      show(await apiData<TaxSettingsView>('PUT', taxSystemEndpoints.settings, { body }));
      setPrivateKey('');
      setCertificate('');
      showToast(t`Saved.`);
    } catch {
      showToast(
        t`Not saved: check the memory id (six letters or digits), the economic code, and that the certificate is of the private key.`,
        { type: 'error' },
      );
    } finally {
      setBusy(false);
    }
  };

  const makeKeys = async () => {
    setBusy(true);
    try {
      show(await apiData<TaxSettingsView>('POST', taxSystemEndpoints.keyPair, { body: { commonName, nationalId } }));
    } catch {
      showToast(t`No key pair was made: the name in Latin letters and the national id (10 or 11 digits) are needed.`, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader
        title={<Trans>Tax system settings</Trans>}
        description={<Trans>The taxpayers’ system (سامانه مودیان) registers every sales invoice; the server signs and sends them.</Trans>}
      />
      <form onSubmit={save} className="space-y-4">
        <SectionCard title={<Trans>Taxpayer</Trans>}>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={<Trans>Fiscal memory id</Trans>}
              ltr
              maxLength={6}
              value={memoryId}
              onChange={(e) => setMemoryId(e.target.value.toUpperCase())}
            />
            <TextField
              label={<Trans>Economic code</Trans>}
              ltr
              inputMode="numeric"
              maxLength={14}
              value={economicCode}
              onChange={(e) => setEconomicCode(e.target.value)}
            />
            <SelectField
              label={<Trans>Send to</Trans>}
              value={endpoint}
              onChange={(e) => setEndpoint(e.target.value as TaxEndpoint)}
              options={[
                { value: 'sandbox', label: t`The sandbox (trial)` },
                { value: 'production', label: t`The tax system itself` },
              ]}
            />
          </div>
        </SectionCard>
        <SectionCard title={<Trans>Key and certificate</Trans>}>
          <p className="mb-3 text-sm text-slate-700">
            {settings.hasPrivateKey ? (
              <Trans>A private key is kept on the server. It is never shown again.</Trans>
            ) : (
              <Trans>No private key yet.</Trans>
            )}{' '}
            {settings.certificate ? (
              <Trans>
                Certificate of <span dir="ltr">{settings.certificate.subject}</span>, valid until {formatDate(settings.certificate.validTo)}
                .
              </Trans>
            ) : (
              <Trans>No certificate yet.</Trans>
            )}
          </p>
          <div className="grid gap-4">
            <TextAreaField
              label={<Trans>Private key (PEM), to replace the one kept</Trans>}
              dir="ltr"
              rows={4}
              value={privateKey}
              onChange={(e) => setPrivateKey(e.target.value)}
              autoComplete="off"
            />
            <TextAreaField
              label={<Trans>Certificate (PEM) the tax organisation issued</Trans>}
              dir="ltr"
              rows={4}
              value={certificate}
              onChange={(e) => setCertificate(e.target.value)}
            />
          </div>
        </SectionCard>
        <Button type="submit" loading={busy}>
          <Trans>Save</Trans>
        </Button>
      </form>
      <SectionCard title={<Trans>Or make a key pair here</Trans>} className="mt-6">
        <p className="mb-3 text-sm text-slate-700">
          <Trans>
            The server makes the keys and keeps the private one; take the certificate request below to the tax organisation, and paste the
            certificate it gives back above.
          </Trans>
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={<Trans>Name in Latin letters</Trans>} ltr value={commonName} onChange={(e) => setCommonName(e.target.value)} />
          <TextField
            label={<Trans>National id</Trans>}
            ltr
            inputMode="numeric"
            value={nationalId}
            onChange={(e) => setNationalId(e.target.value)}
          />
        </div>
        <Button className="mt-4" variant="secondary" loading={busy} onClick={makeKeys}>
          <Trans>Make a key pair</Trans>
        </Button>
        {settings.certificateRequest && (
          <TextAreaField
            className="mt-4"
            label={<Trans>Certificate request (CSR)</Trans>}
            dir="ltr"
            rows={8}
            readOnly
            value={settings.certificateRequest}
          />
        )}
      </SectionCard>
    </>
  );
}
