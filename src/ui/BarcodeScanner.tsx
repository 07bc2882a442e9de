/**
 * Scanning a barcode or QR code with the camera (a badge at the attendance kiosk, a product in the
 * warehouse): a button turns the camera on and off, the picture shows where to hold the code, and
 * when the camera is refused or missing the person is told so and that typing (or a handheld
 * scanner, which types) still works.
 */
import { useLingui } from '@lingui/react/macro';
import { Alert } from './Alert.tsx';
import { Button } from './Button.tsx';
import { cx } from './cx.ts';
import { useBarcodeScanner } from './useBarcodeScanner.ts';

export interface BarcodeScannerProps {
  on: boolean;
  onToggle: (on: boolean) => void;
  /** BarcodeDetector formats, e.g. ['qr_code'] or ['ean_13', 'code_128']. */
  formats: readonly string[];
  onScan: (text: string) => void;
  className?: string;
}

export function BarcodeScanner({ on, onToggle, formats, onScan, className }: BarcodeScannerProps) {
  const { t } = useLingui();
  const { video, state } = useBarcodeScanner({ on, formats, onScan });
  const problem =
    state === 'denied'
      ? t`The camera is not allowed for this site. Allow it in the browser’s settings to scan; typing the code, or a handheld scanner, still works.`
      : state === 'noCamera'
        ? t`No camera was found on this device. Type the code, or use a handheld scanner.`
        : state === 'failed'
          ? t`The camera could not be started. Type the code, or use a handheld scanner.`
          : null;
  return (
    <div className={cx('flex flex-col gap-3', className)}>
      <Button variant={on ? 'secondary' : 'primary'} onClick={() => onToggle(!on)}>
        {on ? t`Stop the camera` : t`Scan with the camera`}
      </Button>
      {on && !problem && (
        <div className="relative overflow-hidden rounded-2xl bg-slate-900">
          <video ref={video} muted playsInline aria-label={t`Camera picture`} className="aspect-[4/3] w-full object-cover" />
          <div aria-hidden="true" className="pointer-events-none absolute inset-[15%] rounded-xl border-4 border-white/80" />
          <p role="status" className="absolute inset-x-0 bottom-0 bg-slate-900/60 px-3 py-1.5 text-center text-sm text-white">
            {state === 'scanning' ? t`Hold the code inside the frame.` : t`Starting the camera…`}
          </p>
        </div>
      )}
      {problem && <Alert tone="warning">{problem}</Alert>}
    </div>
  );
}
