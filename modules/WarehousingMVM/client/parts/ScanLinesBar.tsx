/**
 * Above a document's lines: scan (or type) a location's label to say where the next goods are,
 * then each product's barcode — one more on its line per scan, or a new line.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { DocumentSpec } from '@/contract/entity.ts';
import { Button, type DocumentValues, emptyLine, type LineValues } from '@/moduleKit.ts';
import { addScanToLines } from '../codeLookup.ts';
import { ScanField } from './ScanField.tsx';

export interface ScanLinesBarProps {
  spec: DocumentSpec;
  values: DocumentValues;
  setLines: (change: (lines: LineValues[]) => LineValues[]) => void;
  /** The header field naming the warehouse whose locations may be scanned. */
  warehouseField?: string;
  /** The line field a scanned location fills. */
  locationField?: string;
  /** The line field each scan adds one to. */
  quantityField?: string;
}

export function ScanLinesBar({
  spec,
  values,
  setLines,
  warehouseField = 'warehouseId',
  locationField = 'locationId',
  quantityField = 'quantity',
}: ScanLinesBarProps) {
  const { t } = useLingui();
  const [location, setLocation] = useState<{ id: string; code: string } | null>(null);
  const [last, setLast] = useState<string | null>(null);
  const warehouseId = typeof values.header[warehouseField] === 'string' ? (values.header[warehouseField] as string) : null;
  return (
    <div className="flex flex-col gap-2">
      <ScanField
        label={t`Scan a product or a location`}
        hint={t`A location’s label sets where the next products go; each product scan adds one.`}
        warehouseId={warehouseId}
        onFound={(found) => {
          if (found.kind === 'location') {
            setLocation({ id: found.row.id, code: String(found.row.code) });
            return;
          }
          setLines((lines) =>
            addScanToLines(lines, found.row.id, { [locationField]: location?.id ?? null }, quantityField, () => emptyLine(spec)),
          );
          setLast(String(found.row.name));
        }}
      />
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700" role="status">
        {location && (
          <span>
            <Trans>
              Scanned lines go to <bdi dir="ltr">{location.code}</bdi>
            </Trans>{' '}
            <Button size="sm" variant="ghost" onClick={() => setLocation(null)}>
              <Trans>Clear</Trans>
            </Button>
          </span>
        )}
        {last && <span>{t`Added: ${last}`}</span>}
      </div>
    </div>
  );
}
