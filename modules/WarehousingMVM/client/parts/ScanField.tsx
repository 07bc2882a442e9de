/**
 * Where a product or a location is chosen by its code: typed, read by a handheld scanner (which
 * types the code and Enter), or read by the camera (BarcodeScanner: BarcodeDetector, or the ZXing
 * polyfill served from our origin). Each read is looked up on this device and handed to the
 * screen; a code that names nothing offers to create the product with that barcode — and is
 * looked up again as this device's products and locations change, so a product still on its way
 * (a new phone's first sync, a product just added on another) is taken once it arrives, while the
 * message stands. The camera reports a code held in view only once, so without this a label
 * scanned a moment too early would never be read.
 */
import { Trans } from '@lingui/react/macro';
import { liveQuery } from 'dexie';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Alert, BarcodeScanner, Button, TextField, usePanelData } from '@/moduleKit.ts';
import { lookupCode, type CodeMatch } from '../codeLookup.ts';
import { wh, withQuery } from '../paths.ts';

export const SCAN_FORMATS = ['ean_13', 'code_128', 'qr_code'] as const;

export type Found = Exclude<CodeMatch, { kind: 'unknown' }>;

export interface ScanFieldProps {
  label: string;
  hint?: string;
  want?: 'product' | 'location' | 'both';
  /** Locations only of this warehouse. */
  warehouseId?: string | null;
  onFound: (found: Found) => void;
  /** Whether a code that names nothing offers to create a product with it (not where only locations are scanned). */
  offerProduct?: boolean;
}

export function ScanField({ label, hint, want = 'both', warehouseId, onFound, offerProduct = want !== 'location' }: ScanFieldProps) {
  const panel = usePanelData();
  const [text, setText] = useState('');
  const [camera, setCamera] = useState(false);
  const [unknown, setUnknown] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const found = useRef(onFound);
  useEffect(() => {
    found.current = onFound;
  });

  useEffect(() => {
    if (!panel || unknown === null) return;
    let taken = false;
    const watching = liveQuery(() => lookupCode(panel.db, unknown, { warehouseId, want })).subscribe({
      next: (match) => {
        if (match.kind === 'unknown' || taken) return;
        taken = true;
        setUnknown(null);
        found.current(match);
      },
      // The panel's database closed (another panel, sign-out): nothing left to wait for.
      error: () => {},
    });
    return () => watching.unsubscribe();
  }, [panel, unknown, warehouseId, want]);

  async function take(code: string) {
    if (!panel || !code.trim()) return;
    const match = await lookupCode(panel.db, code, { warehouseId, want });
    if (match.kind === 'unknown') setUnknown(match.code);
    else {
      setUnknown(null);
      onFound(match);
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const code = text;
    setText('');
    void take(code);
    input.current?.focus();
  };

  return (
    <div className="flex flex-col gap-3 rounded-xl bg-brand-50/40 p-3 ring-1 ring-brand-100">
      <div role="search" className="flex items-end gap-2">
        <div className="min-w-0 flex-1">
          <TextField
            ref={input}
            ltr
            label={label}
            value={text}
            autoComplete="off"
            enterKeyHint="done"
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') submit(e);
            }}
          />
        </div>
        <Button variant="secondary" onClick={(e) => submit(e)} className="mb-0.5">
          <Trans>Add</Trans>
        </Button>
      </div>
      {hint && <p className="-mt-1 text-xs text-slate-600">{hint}</p>}
      <BarcodeScanner on={camera} onToggle={setCamera} formats={SCAN_FORMATS} onScan={(code) => void take(code)} />
      {unknown !== null && (
        <Alert tone="warning">
          <p>
            <Trans>
              Nothing on this device has the code <bdi dir="ltr">{unknown}</bdi>.
            </Trans>
          </p>
          {offerProduct && (
            <Link href={withQuery(wh.addProduct, { barcode: unknown })} className="font-semibold underline">
              <Trans>Create a product with this barcode</Trans>
            </Link>
          )}
        </Alert>
      )}
    </div>
  );
}
