/**
 * "Start kiosk mode on this device" (a manager, on the tablet): the server enrols the tablet as
 * this kiosk Device and gives it the Device's credential; then the manager's session ends on the
 * tablet and their panel data is erased from it, so the kiosk holds nobody's session and nobody's
 * records — only the credential, and the names and codes it shows (decision 021).
 */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button, endSessionHere, type LocalRow, readSession } from '@/moduleKit.ts';
import { describeError } from '@/i18n/describeError.ts';
import { enrolKiosk } from '../kioskApi.ts';
import { saveKiosk } from '../kioskTablet.ts';
import { hr } from '../paths.ts';

export function StartKioskButton({ device }: { device: LocalRow }) {
  const { t, i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { panelCode } = readSession();
  if (device.kind !== 'kiosk' || device.active === false || !panelCode) return null;

  async function start() {
    setBusy(true);
    setFailure(null);
    try {
      const { credential } = await enrolKiosk(device.id);
      saveKiosk({ panelCode: panelCode!, deviceId: device.id, deviceName: String(device.name), credential });
    } catch (error) {
      setBusy(false);
      return setFailure(describeError(i18n, error));
    }
    void document.documentElement.requestFullscreen?.().catch(() => {});
    await endSessionHere({ erase: true, goTo: hr.kiosk });
  }

  return (
    <span className="flex flex-col items-start gap-1">
      <Button variant="secondary" disabled={busy} onClick={() => void start()}>
        {t`Start kiosk mode on this device`}
      </Button>
      {failure && (
        <span role="alert" className="text-sm text-red-700">
          {failure}
        </span>
      )}
    </span>
  );
}
