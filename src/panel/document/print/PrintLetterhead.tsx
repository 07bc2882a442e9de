/**
 * The panel's letterhead on paper: its mark (the panel's icon), the company's name, address, and
 * its economic code, national id and phone (panel settings), numbers in LTR islands. The printed
 * documents and reports share it; what the paper is sits on the other side (`children`).
 */
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useCurrentPanel } from '../../../storage/currentPanel.ts';
import { Ltr } from '../../../ui/Ltr.tsx';
import { PanelIconGlyph } from '../../../ui/panelIcons.tsx';

export function PrintLetterhead({ children }: { children: ReactNode }) {
  const current = useCurrentPanel();
  const panel = current.status === 'ready' ? current.panel : null;
  return (
    <header className="flex items-start justify-between gap-6 border-b-2 border-slate-700 pb-3">
      <div className="flex min-w-0 items-start gap-3">
        <PanelIconGlyph
          icon={panel?.icon}
          className="size-12 shrink-0 rounded-lg border border-slate-400 p-1.5 text-slate-800"
          aria-hidden="true"
        />
        <div className="min-w-0">
          <p className="text-lg font-bold">{panel?.companyName || panel?.name}</p>
          {panel?.address && <p className="text-xs">{panel.address}</p>}
          <p className="flex flex-wrap gap-x-4 text-xs">
            {panel?.economicCode && (
              <span>
                <Trans>
                  Economic code: <Ltr>{panel.economicCode}</Ltr>
                </Trans>
              </span>
            )}
            {panel?.nationalId && (
              <span>
                <Trans>
                  National ID: <Ltr>{panel.nationalId}</Ltr>
                </Trans>
              </span>
            )}
            {panel?.phone && (
              <span>
                <Trans>
                  Phone: <Ltr>{panel.phone}</Ltr>
                </Trans>
              </span>
            )}
          </p>
        </div>
      </div>
      <div className="shrink-0 text-end">{children}</div>
    </header>
  );
}
