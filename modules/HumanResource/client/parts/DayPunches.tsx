/**
 * One person's punches of one work day, opened from the report (hr-attendance.md: "A manager's
 * correction is a new punch of kind manual with a note, and removing one is a void with a
 * reason"). Punches stay append-only: a correction adds a punch, a removal voids one; both carry
 * the manager's note and land in the activity log.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { describeError } from '@/i18n/describeError.ts';
import { formatDate, joinNames } from '@/i18n/format.ts';
import { Button, type LocalRow, ModalFrame, SelectField, showToast, TextField, usePanelData } from '@/moduleKit.ts';
import { Punch, punchFlags, punchSources } from '../../entities/punch.ts';
import { instantOnWorkDay, parseClock, type Shift } from '../../rules/attendanceDay.ts';
import { formatClock } from '../timeText.ts';

function PunchLine({ punch }: { punch: LocalRow }) {
  const { t, i18n } = useLingui();
  const panel = usePanelData();
  const [voiding, setVoiding] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const flags = (Array.isArray(punch.flags) ? (punch.flags as string[]) : []).map((f) =>
    i18n._(punchFlags.find((o) => o.value === f)?.label ?? { id: f, message: f }),
  );
  const source = punchSources.find((o) => o.value === punch.source);
  const status = punch.status === 'void' ? t`Void` : punch.status === 'flagged' ? t`To review` : '';
  async function voidIt() {
    if (!panel) return;
    if (!note.trim()) return setError(t`Write why it is void.`);
    try {
      await panel.data.update(Punch, punch.id, { status: 'void', note: note.trim() });
      showToast({ message: t`Punch void.`, type: 'success' });
      setVoiding(false);
    } catch (e) {
      setError(describeError(i18n, e));
    }
  }
  return (
    <li className="py-2">
      <div
        className={`flex flex-wrap items-center gap-x-3 gap-y-1 text-sm ${punch.status === 'void' ? 'text-slate-500 line-through' : ''}`}
      >
        <span className="font-semibold tabular-nums">{formatClock(String(punch.at))}</span>
        <span>{punch.direction === 'in' ? t`In` : t`Out`}</span>
        <span className="text-slate-600">{source ? i18n._(source.label) : ''}</span>
        {status && <span className="rounded-full bg-amber-50 px-2 text-xs text-amber-800 no-underline">{status}</span>}
        {punch.status !== 'void' && !voiding && (
          <button type="button" className="ms-auto min-h-11 px-2 text-sm text-red-700 underline" onClick={() => setVoiding(true)}>
            <Trans>Void…</Trans>
          </button>
        )}
      </div>
      {(flags.length > 0 || Boolean(punch.note)) && (
        <p className="text-xs text-slate-600">{[joinNames(flags), punch.note ? String(punch.note) : ''].filter(Boolean).join(' — ')}</p>
      )}
      {voiding && (
        <div className="mt-2 flex flex-wrap items-end gap-2">
          <div className="min-w-48 flex-1">
            <TextField label={t`Why it is void`} value={note} onChange={(e) => setNote(e.target.value)} error={error} autoFocus />
          </div>
          <Button size="sm" variant="danger" onClick={() => void voidIt()}>
            <Trans>Void</Trans>
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setVoiding(false)}>
            <Trans>Cancel</Trans>
          </Button>
        </div>
      )}
    </li>
  );
}

export interface DayPunchesProps {
  person: LocalRow;
  day: string;
  shift: Shift;
  /** This person's punches of this work day. */
  punches: readonly LocalRow[];
  manager: boolean;
  onClose: () => void;
}

export function DayPunches({ person, day, shift, punches, manager, onClose }: DayPunchesProps) {
  const { t, i18n } = useLingui();
  const panel = usePanelData();
  const [time, setTime] = useState('');
  const [direction, setDirection] = useState<'in' | 'out'>(punches.some((p) => p.direction === 'in' && p.status !== 'void') ? 'out' : 'in');
  const [note, setNote] = useState('');
  const [problems, setProblems] = useState<{ time?: string; note?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const name = String(person.name);
  const dayText = formatDate(day, 'long');
  const sorted = [...punches].sort((a, b) => String(a.at).localeCompare(String(b.at)));

  async function add(event: FormEvent) {
    event.preventDefault();
    const minutes = parseClock(time);
    const found = {
      time: minutes === null ? t`Type a time such as 08:30.` : undefined,
      note: note.trim() ? undefined : t`Write why this punch is added.`,
    };
    setProblems(found);
    if (!panel || minutes === null || found.note) return;
    setBusy(true);
    try {
      await panel.data.create(Punch, {
        personnelId: person.id,
        memberId: person.memberId ?? null,
        at: new Date(instantOnWorkDay(day, minutes, shift)).toISOString(),
        direction,
        source: 'manual',
        note: note.trim(),
      });
      showToast({ message: t`Correction added.`, type: 'success' });
      setTime('');
      setNote('');
    } catch (e) {
      setProblems({ form: describeError(i18n, e) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <ModalFrame open onClose={onClose} title={t`${name} on ${dayText}`} size="lg">
      {sorted.length ? (
        <ul className="mt-3 divide-y divide-slate-100">
          {sorted.map((p) => (manager ? <PunchLine key={p.id} punch={p} /> : <ReadOnlyLine key={p.id} punch={p} />))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-slate-600">
          <Trans>No punches this day.</Trans>
        </p>
      )}
      {manager && (
        <form onSubmit={(e) => void add(e)} className="mt-4 flex flex-col gap-3 border-t border-slate-200 pt-4" noValidate>
          <h3 className="text-sm font-semibold">
            <Trans>Add a correction</Trans>
          </h3>
          <div className="grid grid-cols-2 gap-3">
            <TextField
              ltr
              label={t`Time`}
              value={time}
              onChange={(e) => setTime(e.target.value)}
              placeholder="08:30"
              inputMode="numeric"
              error={problems.time}
            />
            <SelectField
              label={t`In or out`}
              value={direction}
              onChange={(e) => setDirection(e.target.value === 'out' ? 'out' : 'in')}
              options={[
                { value: 'in', label: t`In` },
                { value: 'out', label: t`Out` },
              ]}
            />
          </div>
          <TextField
            label={t`Note`}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            error={problems.note}
            hint={t`Why: it goes into the activity log with the punch.`}
          />
          {problems.form && (
            <p role="alert" className="text-sm text-red-700">
              {problems.form}
            </p>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose}>
              <Trans>Close</Trans>
            </Button>
            <Button type="submit" loading={busy}>
              <Trans>Add punch</Trans>
            </Button>
          </div>
        </form>
      )}
      {!manager && (
        <div className="mt-4 flex justify-end">
          <Button variant="secondary" onClick={onClose}>
            <Trans>Close</Trans>
          </Button>
        </div>
      )}
    </ModalFrame>
  );
}

function ReadOnlyLine({ punch }: { punch: LocalRow }) {
  const { t } = useLingui();
  return (
    <li className={`flex gap-3 py-2 text-sm ${punch.status === 'void' ? 'text-slate-500 line-through' : ''}`}>
      <span className="font-semibold tabular-nums">{formatClock(String(punch.at))}</span>
      <span>{punch.direction === 'in' ? t`In` : t`Out`}</span>
      {punch.status === 'flagged' && <span className="text-xs text-amber-800">{t`To review`}</span>}
    </li>
  );
}
