/** A report's two buttons, hidden on paper: its CSV download and print (the browser's print of the page). */
import { Trans } from '@lingui/react/macro';
import { Button } from '../ui/Button.tsx';
import { DownloadIcon } from '../ui/icons.tsx';

export function ReportButtons({ onCsv, disabled = false }: { onCsv: () => void; disabled?: boolean }) {
  return (
    <div className="flex gap-2 print:hidden">
      <Button variant="secondary" size="sm" icon={<DownloadIcon className="size-4" />} onClick={onCsv} disabled={disabled}>
        <Trans>CSV</Trans>
      </Button>
      <Button variant="secondary" size="sm" onClick={() => window.print()}>
        <Trans>Print</Trans>
      </Button>
    </div>
  );
}
