/**
 * The top of a printed document (documents.md, "print views"): the panel's company and its
 * details, what the document is and its number, and the day it was printed, Jalali in Persian.
 * On screen it is hidden; the print stylesheet (index.css) hides the app's frame instead.
 */
import { Trans } from '@lingui/react/macro';
import { formatDate } from '../../i18n/format.ts';
import { useCurrentPanel } from '../../storage/currentPanel.ts';
import { Ltr } from '../../ui/Ltr.tsx';

export function PrintHeader({ title, number }: { title: string; number: string | null }) {
  const current = useCurrentPanel();
  const panel = current.status === 'ready' ? current.panel : null;
  const today = formatDate(new Date());
  return (
    <header className="hidden border-b border-slate-400 pb-3 print:block">
      <div className="flex items-start justify-between gap-6">
        <div>
          <p className="text-lg font-bold">{panel?.companyName || panel?.name}</p>
          {panel?.address && <p className="text-xs">{panel.address}</p>}
          <p className="text-xs">
            {panel?.economicCode && (
              <Trans>
                Economic code: <Ltr>{panel.economicCode}</Ltr>
              </Trans>
            )}{' '}
            {panel?.nationalId && (
              <Trans>
                National ID: <Ltr>{panel.nationalId}</Ltr>
              </Trans>
            )}{' '}
            {panel?.phone && (
              <Trans>
                Phone: <Ltr>{panel.phone}</Ltr>
              </Trans>
            )}
          </p>
        </div>
        <div className="text-end">
          <p className="text-base font-bold">{title}</p>
          {number && <p className="text-sm"><Ltr>{number}</Ltr></p>}
          <p className="text-xs">
            <Trans>Printed on {today}</Trans>
          </p>
        </div>
      </div>
    </header>
  );
}
