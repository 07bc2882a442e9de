/**
 * Cheques (market-accounting.md): received and issued, each with its due date and status, the
 * changes it may go through next, and the due calendar; the list shows what is still open first,
 * soonest due first, or the cheques of the day chosen on the calendar.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { permission } from '@/contract/entity.ts';
import { formatDate } from '@/i18n/format.ts';
import {
  Button,
  EmptyState,
  Loading,
  NoAccess,
  PageHeader,
  PanelIconGlyph,
  SectionCard,
  SelectField,
  useCanAccess,
  useDocumentTitle,
  usePanelData,
  useTableRows,
} from '@/moduleKit.ts';
import { BankAccount, Party } from '../../entities/books.ts';
import { Cheque } from '../../entities/documents.ts';
import { ChequeCard } from '../parts/ChequeCard.tsx';
import { DueCalendar } from '../parts/DueCalendar.tsx';

const OPEN = new Set(['inHand', 'deposited']);

export function ChequeList() {
  const { t } = useLingui();
  const can = useCanAccess();
  const panel = usePanelData();
  const [cheques, parties, banks] = useTableRows(panel?.db, [Cheque, Party, BankAccount]);
  const [which, setWhich] = useState<'open' | 'received' | 'issued' | 'all'>('open');
  const [day, setDay] = useState<string | null>(null);
  useDocumentTitle(t`Cheques`);
  const names = useMemo(() => new Map((parties ?? []).map((p) => [p.id, String(p.name ?? '')])), [parties]);
  const bankOptions = useMemo(
    () => (banks ?? []).filter((b) => !b.deleted).map((b) => ({ value: b.id, label: `${String(b.bank)} ${String(b.accountNumber)}` })),
    [banks],
  );
  const live = useMemo(() => (cheques ?? []).filter((c) => !c.deleted), [cheques]);
  const due = useMemo(
    () => [...new Set(live.filter((c) => OPEN.has(String(c.status)) && !c.voided).map((c) => String(c.dueDate)))],
    [live],
  );
  const shown = useMemo(
    () =>
      live
        .filter((c) =>
          day ? c.dueDate === day : which === 'open' ? OPEN.has(String(c.status)) && !c.voided : which === 'all' || c.direction === which,
        )
        .sort((a, b) => (String(a.dueDate) < String(b.dueDate) ? -1 : String(a.dueDate) > String(b.dueDate) ? 1 : 0)),
    [live, which, day],
  );
  if (!can(permission(Cheque, 'read'))) return <NoAccess />;
  const chosen = day ? formatDate(day) : '';
  return (
    <>
      <PageHeader
        title={<Trans>Cheques</Trans>}
        description={<Trans>Cheques come in with receipts and go out with payments. Each change of status posts to the books.</Trans>}
      />
      <div className="grid gap-6 lg:grid-cols-[1fr_auto]">
        <section className="min-w-0">
          <div className="mb-4 flex flex-wrap items-end gap-3">
            <SelectField
              label={t`Show`}
              value={which}
              onChange={(e) => {
                setWhich(e.target.value as typeof which);
                setDay(null);
              }}
              options={[
                { value: 'open', label: t`Still open` },
                { value: 'received', label: t({ context: 'cheque', message: 'Received' }) },
                { value: 'issued', label: t`Issued` },
                { value: 'all', label: t`All cheques` },
              ]}
            />
            {day && (
              <Button variant="ghost" onClick={() => setDay(null)}>
                <Trans>Due on {chosen} — show all</Trans>
              </Button>
            )}
          </div>
          {!cheques ? (
            <Loading />
          ) : shown.length === 0 ? (
            <EmptyState
              icon={<PanelIconGlyph icon="wallet" className="size-7" />}
              titleAs="p"
              title={<Trans>No cheques here.</Trans>}
              description={<Trans>A receipt or payment by cheque adds one.</Trans>}
            />
          ) : (
            <ul className="flex flex-col gap-3" aria-label={t`Cheques`}>
              {shown.map((c) => (
                <ChequeCard key={c.id} cheque={c} partyName={names.get(String(c.partyId)) ?? '…'} banks={bankOptions} />
              ))}
            </ul>
          )}
        </section>
        <SectionCard title={<Trans>Due calendar</Trans>} className="h-fit">
          <DueCalendar due={due} selected={day} onSelect={setDay} />
        </SectionCard>
      </div>
    </>
  );
}
