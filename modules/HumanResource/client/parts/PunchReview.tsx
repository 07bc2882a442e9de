/**
 * Flagged punches waiting for a manager: each with its person, time, flags and distance, accepted
 * or voided with a note (the server keeps the punch and the note; the activity log has the write).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { describeError } from '@/i18n/describeError.ts';
import { formatDate, formatNumber, joinNames } from '@/i18n/format.ts';
import { Button, type LocalRow, showToast, TextField, usePanelData } from '@/moduleKit.ts';
import { Punch, punchFlags } from '../../entities/punch.ts';
import { formatClock } from '../timeText.ts';

function ReviewRow({ punch, person }: { punch: LocalRow; person: string }) {
  const { t, i18n } = useLingui();
  const panel = usePanelData();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const flags = (Array.isArray(punch.flags) ? (punch.flags as string[]) : []).map((f) =>
    i18n._(punchFlags.find((o) => o.value === f)?.label ?? { id: f, message: f }),
  );
  async function review(status: 'accepted' | 'void') {
    if (!panel) return;
    if (!note.trim()) return setError(t`Write a note first: why it is accepted or void.`);
    try {
      await panel.data.update(Punch, punch.id, { status, note: note.trim() });
      showToast({ message: status === 'accepted' ? t`Punch accepted.` : t`Punch void.`, type: 'success' });
    } catch (e) {
      setError(describeError(i18n, e));
    }
  }
  const when = `${formatDate(String(punch.at))} ${formatClock(String(punch.at))}`;
  return (
    <li className="flex flex-col gap-2 py-3">
      <div className="flex flex-wrap items-baseline gap-x-3 text-sm">
        <span className="font-semibold">{person}</span>
        <span className="tabular-nums">{when}</span>
        <span>{punch.direction === 'in' ? t`In` : t`Out`}</span>
        {typeof punch.distance === 'number' && (
          <span className="text-slate-600">{t`${formatNumber(punch.distance)} m from the nearest workplace`}</span>
        )}
      </div>
      <p className="text-sm text-amber-800">{joinNames(flags)}</p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-48 flex-1">
          <TextField label={t`Note`} value={note} onChange={(e) => setNote(e.target.value)} error={error} />
        </div>
        <Button size="sm" onClick={() => void review('accepted')}>
          <Trans>Accept</Trans>
        </Button>
        <Button size="sm" variant="secondary" onClick={() => void review('void')}>
          <Trans>Void</Trans>
        </Button>
      </div>
    </li>
  );
}

export function PunchReview({ flagged, names }: { flagged: readonly LocalRow[]; names: ReadonlyMap<string, string> }) {
  if (!flagged.length) {
    return (
      <p className="text-sm text-slate-600">
        <Trans>Nothing to review.</Trans>
      </p>
    );
  }
  return (
    <ul className="divide-y divide-slate-100">
      {flagged.map((p) => (
        <ReviewRow key={p.id} punch={p} person={names.get(String(p.personnelId)) ?? ''} />
      ))}
    </ul>
  );
}
