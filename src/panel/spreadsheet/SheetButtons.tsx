/**
 * The CSV and Excel buttons of a list or a report, both drawn from one sheet (decision 041). The
 * Excel writer is fetched on the first click, so it weighs nothing on the screen's first load.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { describeError } from '../../i18n/describeError.ts';
import type { Locale } from '../../i18n/locale.ts';
import { Button } from '../../ui/Button.tsx';
import { DownloadIcon } from '../../ui/icons.tsx';
import { showToast } from '../../ui/toast.ts';
import { csvText, downloadCsv } from '../entity/entityCsv.ts';
import { sheetCsvRows, type Sheet } from './sheet.ts';

export interface SheetButtonsProps {
  /** The file's name without its extension. */
  fileName: string;
  sheet: () => Sheet;
  disabled?: boolean;
  size?: 'sm' | 'md';
}

export function SheetButtons({ fileName, sheet, disabled = false, size }: SheetButtonsProps) {
  const { i18n } = useLingui();
  const [writing, setWriting] = useState(false);
  async function excel() {
    setWriting(true);
    try {
      const { downloadXlsx } = await import('./xlsxExport.ts');
      await downloadXlsx(i18n, `${fileName}.xlsx`, sheet(), i18n.locale as Locale);
    } catch (error) {
      showToast(describeError(i18n, error), { type: 'error' });
    } finally {
      setWriting(false);
    }
  }
  return (
    <>
      <Button
        variant="secondary"
        size={size}
        icon={<DownloadIcon className="size-4" />}
        onClick={() => downloadCsv(`${fileName}.csv`, csvText(sheetCsvRows(i18n, sheet())))}
        disabled={disabled}
      >
        <Trans>CSV</Trans>
      </Button>
      <Button
        variant="secondary"
        size={size}
        icon={<DownloadIcon className="size-4" />}
        onClick={excel}
        disabled={disabled}
        loading={writing}
      >
        <Trans>Excel</Trans>
      </Button>
    </>
  );
}
