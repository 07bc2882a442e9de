/**
 * "Start kiosk mode on this device": this tablet becomes the chosen kiosk Device (remembered on
 * the tablet), goes full screen and opens the kiosk page.
 */
import { useLingui } from '@lingui/react/macro';
import { useLocation } from 'wouter';
import { readSession } from '../../../../src/session/session.ts';
import type { LocalRow } from '../../../../src/storage/localRecords.ts';
import { Button } from '../../../../src/ui/Button.tsx';
import { rememberKioskDevice } from '../kioskTablet.ts';
import { hr } from '../paths.ts';

export function StartKioskButton({ device, onStarted }: { device: LocalRow; onStarted?: (deviceId: string) => void }) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const panelCode = readSession().panelCode;
  if (device.kind !== 'kiosk' || device.active === false || !panelCode) return null;
  return (
    <Button
      variant="secondary"
      onClick={() => {
        rememberKioskDevice(panelCode, device.id);
        void document.documentElement.requestFullscreen?.().catch(() => {});
        onStarted?.(device.id);
        navigate(hr.kiosk);
      }}
    >
      {t`Start kiosk mode on this device`}
    </Button>
  );
}
