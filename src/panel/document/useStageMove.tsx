/**
 * Moving a record to another of its stages (a sale to won, a support request to resolved): one
 * update of its stage field through the data layer, so it is checked against the person's rights,
 * kept on this device at once and sent when there is a connection. A stage that needs a word first
 * (a lost sale's reason) asks for that field in a dialog before anything is written. Shared by the
 * status bar on a record's page and by boards that move cards between stages.
 */
import { useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { fieldOf, type Entity } from '../../contract/entity.ts';
import type { SelectField } from '../../contract/fields.ts';
import { describeError } from '../../i18n/describeError.ts';
import type { LocalRow } from '../../storage/localRecords.ts';
import { usePanelData } from '../../storage/panelData.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { showToast } from '../../ui/toast.ts';

export interface StageMoveOptions {
  /** The select field that holds the stage; its options, in order, are the stages. */
  field: string;
  /** Stages that ask for a text field before the move (`{ lost: 'lostReason' }`). */
  asks?: Readonly<Record<string, string>>;
  /** After the move is written on this device (a board refocuses the card; a page says so). */
  onMoved?: (row: LocalRow, stage: string) => void;
}

export interface StageMove {
  stages: SelectField['options'];
  move: (row: LocalRow, stage: string) => void;
  busy: boolean;
  /** The dialog asking for a stage's field: render it once beside whatever moves. */
  dialog: ReactNode;
}

/** The stage field's declaration: a select, or the declaration is wrong. */
export function stageField(entity: Entity, field: string): SelectField {
  const declared = fieldOf(entity, field);
  if (declared?.kind !== 'select') throw new Error(`${entity.key}.${field} is not a select field`);
  return declared;
}

export function useStageMove(entity: Entity, { field, asks, onMoved }: StageMoveOptions): StageMove {
  const { t, i18n } = useLingui();
  const panel = usePanelData();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<{ row: LocalRow; stage: string; value: string } | null>(null);
  const { options } = stageField(entity, field);
  const asked = asking && asks?.[asking.stage] ? fieldOf(entity, asks[asking.stage]!) : undefined;

  async function write(row: LocalRow, stage: string, more: Record<string, unknown>) {
    if (!panel) return;
    setBusy(true);
    try {
      await panel.data.update(entity, row.id, { [field]: stage, ...more });
      setAsking(null);
      onMoved?.(row, stage);
    } catch (error) {
      showToast(describeError(i18n, error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  const move = (row: LocalRow, stage: string) => {
    if (stage === row[field] || busy) return;
    if (asks?.[stage]) setAsking({ row, stage, value: typeof row[asks[stage]] === 'string' ? String(row[asks[stage]]) : '' });
    else void write(row, stage, {});
  };

  const dialog = (
    <ConfirmDialog
      open={asking !== null}
      title={asked ? i18n._(asked.label) : ''}
      confirmLabel={asking ? t`Move to ${i18n._(options.find((o) => o.value === asking.stage)!.label)}` : ''}
      cancelLabel={t`Keep it where it was`}
      busy={busy}
      onCancel={() => setAsking(null)}
      onConfirm={() => {
        const value = asking?.value.trim();
        if (asking && value) void write(asking.row, asking.stage, { [asks![asking.stage]!]: value });
      }}
    >
      <TextField
        label={asked ? i18n._(asked.label) : ''}
        value={asking?.value ?? ''}
        onChange={(e) => asking && setAsking({ ...asking, value: e.target.value })}
        required
        autoFocus
      />
    </ConfirmDialog>
  );
  return { stages: options, move, busy, dialog };
}
