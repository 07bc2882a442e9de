/** A report's buttons, hidden on paper: its CSV and Excel downloads of one sheet, and print (the browser's print of the page). */
import { Trans } from '@lingui/react/macro';
import { Button } from '../ui/Button.tsx';
import { SheetButtons } from './spreadsheet/SheetButtons.tsx';
import type { Sheet } from './spreadsheet/sheet.ts';

export function ReportButtons({ fileName, sheet, disabled = false }: { fileName: string; sheet: () => Sheet; disabled?: boolean }) {
  return (
    <div className="flex gap-2 print:hidden">
      <SheetButtons fileName={fileName} sheet={sheet} disabled={disabled} size="sm" />
      <Button variant="secondary" size="sm" onClick={() => window.print()}>
        <Trans>Print</Trans>
      </Button>
    </div>
  );
}
