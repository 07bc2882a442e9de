/** A report's CSV download (UTF-8 with BOM, so Excel shows Persian) and print, and its printed heading. */
import { csvText, downloadCsv, PrintHeader, ReportButtons } from '@/moduleKit.ts';

export function ReportActions({ fileName, rows }: { fileName: string; rows: () => string[][] }) {
  return <ReportButtons onCsv={() => downloadCsv(`${fileName}.csv`, csvText(rows()))} />;
}

export function ReportPrintHeader({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <>
      <PrintHeader title={title} />
      <p className="hidden pb-2 text-sm print:block">{subtitle}</p>
    </>
  );
}
