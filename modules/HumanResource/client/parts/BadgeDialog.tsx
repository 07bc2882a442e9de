/**
 * "Print badge": a fresh badge secret (which makes the person's old badge stop working once
 * saved), and a credit-card-size badge (85.6 × 54 mm) with the panel's name, the person's name,
 * job title and personnel code, and the QR code a kiosk scans. Only the secret's hash is saved.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { describeError } from '@/i18n/describeError.ts';
import { Alert, Button, type LocalRow, Ltr, ModalFrame, showToast, Spinner, useCurrentPanel, usePanelData } from '@/moduleKit.ts';
import { Personnel } from '../../entities/masterData.ts';
import { newBadge, type NewBadge } from '../../rules/kioskSecret.ts';

// While the badge is shown, printing prints it alone, at its own size, colours kept.
const printOnlyTheBadge = `@media print {
  @page { size: 85.6mm 53.98mm; margin: 0; }
  body * { visibility: hidden; }
  .hr-badge, .hr-badge * { visibility: visible; }
  .hr-badge-frame { scale: none !important; transform: none !important; }
  .hr-badge { position: fixed; inset: 0; box-shadow: none; border: 0; border-radius: 0; print-color-adjust: exact; -webkit-print-color-adjust: exact; }
}`;

function BadgeCard({ person, panelName, qr }: { person: LocalRow; panelName: string; qr: string }) {
  return (
    <div className="hr-badge flex h-[53.98mm] w-[85.6mm] flex-col overflow-hidden rounded-[3mm] bg-white text-slate-900 shadow-md ring-1 ring-slate-300">
      <div className="bg-brand-700 px-[3mm] py-[1.5mm] text-[3.2mm] font-semibold text-white">{panelName}</div>
      <div className="flex flex-1 items-center gap-[3mm] p-[3mm]">
        <div className="flex min-w-0 flex-1 flex-col gap-[1.2mm]">
          <p className="text-[4.6mm] leading-tight font-bold">{String(person.name)}</p>
          {typeof person.jobTitle === 'string' && person.jobTitle && <p className="text-[3.2mm] text-slate-700">{person.jobTitle}</p>}
          <p className="text-[3.6mm] font-semibold text-brand-800">
            <Ltr>{String(person.code)}</Ltr>
          </p>
        </div>
        <div className="size-[30mm] shrink-0 [&>svg]:size-full" dangerouslySetInnerHTML={{ __html: qr }} />
      </div>
    </div>
  );
}

/** A constructed stylesheet, for as long as the dialog is open: the CSP refuses inline <style>. */
function usePrintOnlyTheBadge() {
  useEffect(() => {
    if (!('adoptedStyleSheets' in document)) return;
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(printOnlyTheBadge);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    return () => {
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
    };
  }, []);
}

export function BadgeDialog({ person, open, onClose }: { person: LocalRow; open: boolean; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const panel = usePanelData();
  const current = useCurrentPanel();
  const [badge, setBadge] = useState<(NewBadge & { qr: string }) | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const code = String(person.code);
  const name = String(person.name);
  usePrintOnlyTheBadge();

  useEffect(() => {
    if (!open) return;
    let left = false;
    void (async () => {
      try {
        const [fresh, { badgeQrSvg }] = await Promise.all([newBadge(code), import('../badgeQr.ts')]);
        if (!left) setBadge({ ...fresh, qr: badgeQrSvg(fresh.payload) });
      } catch (error) {
        if (!left) setFailure(describeError(i18n, error));
      }
    })();
    return () => {
      left = true;
      setBadge(null);
    };
  }, [open, code, i18n]);

  async function print() {
    if (!panel || !badge) return;
    setSaving(true);
    try {
      await panel.data.update(Personnel, person.id, { badgeHash: badge.badgeHash });
      window.print();
      showToast(t`New badge for ${name} saved; the old one no longer works.`, { type: 'success' });
      onClose();
    } catch (error) {
      setFailure(describeError(i18n, error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <ModalFrame open={open} onClose={() => !saving && onClose()} title={t`Badge for ${name}`} className="flex flex-col gap-4">
      <div
        className="grid min-h-[60mm] place-items-center overflow-hidden rounded-xl bg-slate-100 p-2 sm:p-4"
        aria-label={t`Badge preview`}
        role="img"
      >
        {badge ? (
          // Drawn at its printed size; shrunk on a phone's screen only.
          <div className="hr-badge-frame max-sm:scale-[0.82]">
            <BadgeCard person={person} panelName={current.status === 'ready' ? current.panel.name : ''} qr={badge.qr} />
          </div>
        ) : (
          <Spinner className="size-8 text-brand-700" />
        )}
      </div>
      <Alert tone="warning">{t`The badge’s QR code lets ${name} clock in at a kiosk without a PIN: keep it like a key. Printing it makes any badge printed before stop working, on every kiosk at once.`}</Alert>
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={saving}>
          {t`Cancel`}
        </Button>
        <Button onClick={() => void print()} loading={saving} disabled={!badge}>
          {t`Print badge`}
        </Button>
      </div>
    </ModalFrame>
  );
}
