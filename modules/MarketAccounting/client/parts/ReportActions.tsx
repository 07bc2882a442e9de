/** A report's CSV and Excel downloads of its one sheet, and print, and its printed heading. */
import { PrintHeader, ReportButtons, type Sheet } from '@/moduleKit.ts';

export function ReportActions({ fileName, sheet }: { fileName: string; sheet: () => Sheet }) {
  return <ReportButtons fileName={fileName} sheet={sheet} />;
}

export function ReportPrintHeader({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <>
      <PrintHeader title={title} />
      <p className="hidden pb-2 text-sm print:block">{subtitle}</p>
    </>
  );
}
