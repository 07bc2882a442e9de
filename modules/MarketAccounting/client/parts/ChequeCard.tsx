/**
 * One cheque in the list: who, how much, when due, its status, and the changes it may go through
 * next; choosing one asks for its day (and the bank account, when the money goes through one)
 * and writes it on this device like any change. The server posts the change when it arrives.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { permission } from '@/contract/entity.ts';
import { formatDate } from '@/i18n/format.ts';
import { describeError } from '@/i18n/describeError.ts';
import { Alert, Button, DateField, type LocalRow, Ltr, SelectField, useCanAccess, useMoney, usePanelData } from '@/moduleKit.ts';
import { Cheque, chequeStatuses, type ChequeStatus } from '../../entities/documents.ts';
import { holding, nextStatuses, type ChequeDirection } from '../../rules/chequeFlow.ts';
import { tehranToday } from '../today.ts';

const statusTone: Record<ChequeStatus, string> = {
  inHand: 'bg-sky-50 text-sky-800 ring-sky-200',
  deposited: 'bg-indigo-50 text-indigo-800 ring-indigo-200',
  cleared: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  bounced: 'bg-red-50 text-red-800 ring-red-200',
  returned: 'bg-slate-100 text-slate-700 ring-slate-300',
};

export interface ChequeCardProps {
  cheque: LocalRow;
  partyName: string;
  banks: readonly { value: string; label: string }[];
}

export function ChequeCard({ cheque, partyName, banks }: ChequeCardProps) {
  const { t, i18n } = useLingui();
  const money = useMoney();
  const can = useCanAccess();
  const panel = usePanelData();
  const direction = cheque.direction as ChequeDirection;
  const status = cheque.status as ChequeStatus;
  const [to, setTo] = useState<ChequeStatus | null>(null);
  const [day, setDay] = useState(tehranToday());
  const [bank, setBank] = useState(String(cheque.bankAccountId ?? ''));
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const label = (s: ChequeStatus) => i18n._(chequeStatuses.find((o) => o.value === s)!.label);
  const next = cheque.voided || !can(permission(Cheque, 'update')) ? [] : nextStatuses(direction, status);
  // A received cheque is deposited into one of our accounts, and clears there.
  const needsBank = to !== null && (holding(direction, to).bank === true || to === 'deposited');

  async function save() {
    if (!panel || !to) return;
    if (needsBank && !bank) return setFailure(t`Choose the bank account.`);
    setSaving(true);
    setFailure(null);
    try {
      await panel.data.update(Cheque, cheque.id, { status: to, statusDate: day, ...(bank ? { bankAccountId: bank } : {}) });
      setTo(null);
    } catch (error) {
      setFailure(describeError(i18n, error));
    } finally {
      setSaving(false);
    }
  }

  const serial = String(cheque.serial ?? '');
  const due = formatDate(String(cheque.dueDate));
  return (
    <li className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-semibold text-slate-900">{partyName}</p>
          <p className="text-sm text-slate-600">
            {direction === 'received' ? (
              <Trans>
                Received, serial <Ltr>{serial}</Ltr>
              </Trans>
            ) : (
              <Trans>
                Issued, serial <Ltr>{serial}</Ltr>
              </Trans>
            )}
            {cheque.bank ? ` · ${String(cheque.bank)}` : ''}
          </p>
          <p className="text-sm text-slate-600">
            <Trans>Due {due}</Trans>
          </p>
        </div>
        <div className="text-end">
          <p className="font-semibold text-slate-900">{money.text(Number(cheque.amount))}</p>
          <span className={`mt-1 inline-block rounded-full px-2 py-0.5 text-xs ring-1 ${statusTone[status]}`}>
            {cheque.voided ? t`Cancelled` : label(status)}
          </span>
        </div>
      </div>
      {next.length > 0 && to === null && (
        <div className="mt-3 flex flex-wrap gap-2">
          {next.map((s) => (
            <Button key={s} size="sm" variant="secondary" onClick={() => setTo(s)}>
              {label(s)}
            </Button>
          ))}
        </div>
      )}
      {to !== null && (
        <div className="mt-3 grid gap-3 rounded-lg bg-slate-50 p-3 sm:grid-cols-2">
          <DateField label={t`Day of the change`} value={day} onChange={(v) => setDay(v ?? tehranToday())} required />
          {needsBank && (
            <SelectField
              label={t`Bank account`}
              value={bank}
              onChange={(e) => setBank(e.target.value)}
              options={banks}
              placeholder={t`Choose…`}
              required
            />
          )}
          {failure && (
            <Alert tone="error" className="sm:col-span-2">
              {failure}
            </Alert>
          )}
          <div className="flex gap-2 sm:col-span-2">
            <Button size="sm" loading={saving} onClick={() => void save()}>
              <Trans>Mark as {label(to)}</Trans>
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setTo(null)}>
              <Trans>Cancel</Trans>
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}
