/**
 * The top of a printed report (a trial balance, a statement): the panel's letterhead, what the
 * report is, and the day it was printed, Jalali in Persian. On screen it is hidden; the print
 * stylesheet (index.css) hides the app's frame. A document prints its own page (DocumentPrint).
 */
import { Trans } from '@lingui/react/macro';
import { formatDate } from '../../i18n/format.ts';
import { PrintLetterhead } from './print/PrintLetterhead.tsx';

export function PrintHeader({ title }: { title: string }) {
  const today = formatDate(new Date());
  return (
    <div className="hidden print:block">
      <PrintLetterhead>
        <p className="text-base font-bold">{title}</p>
        <p className="text-xs">
          <Trans>Printed on {today}</Trans>
        </p>
      </PrintLetterhead>
    </div>
  );
}
