/** A report's CSV download (UTF-8 with BOM, so Excel shows Persian) and print, and its printed heading. */
import { Trans } from '@lingui/react/macro';
import { Button, csvText, downloadCsv, DownloadIcon, PrintHeader } from '@/moduleKit.ts';

export function ReportActions({ fileName, rows }: { fileName: string; rows: () => string[][] }) {
  return (
    <div className="flex gap-2 print:hidden">
      <Button variant="secondary" size="sm" icon={<DownloadIcon className="size-4" />} onClick={() => downloadCsv(`${fileName}.csv`, csvText(rows()))}>
        <Trans>CSV</Trans>
      </Button>
      <Button variant="secondary" size="sm" onClick={() => window.print()}>
        <Trans>Print</Trans>
      </Button>
    </div>
  );
}

export function ReportPrintHeader({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <>
      <PrintHeader title={title} />
      <p className="hidden pb-2 text-sm print:block">{subtitle}</p>
    </>
  );
}
