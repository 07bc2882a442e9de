/**
 * NumberSeries: the prefix of each numbered document's numbers (documents.md, "Numbers"), with
 * what the next number will look like. Saved on this device and synced as a NumberSeries row; the
 * server checks the same rule (src/contract/numberSeries.ts) and the person's permissions. Numbers
 * already given keep their prefix.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { NumberSeries as Series } from '@/contract/access.ts';
import { entityByKey } from '@/contract/modules.ts';
import { jalaliYear } from '@/contract/jalali.ts';
import { permission } from '@/contract/entity.ts';
import { normalizePrefix, numberedDocuments } from '@/contract/numberSeries.ts';
import { describeError } from '@/i18n/describeError.ts';
import {
  Button,
  Card,
  Loading,
  type LocalRow,
  Ltr,
  NoAccess,
  ScreenFrame,
  showToast,
  TextField,
  useCanAccess,
  usePanelData,
  useTableRows,
  WithPanel,
} from '@/moduleKit.ts';

export function NumberSeries() {
  const { t } = useLingui();
  return (
    <ScreenFrame
      title={t`Document numbers`}
      description={
        <Trans>
          Each document is numbered prefix, Jalali year, then its sequence. Change a prefix here: the next documents take it, those numbered
          already keep theirs.
        </Trans>
      }
    >
      <WithPanel>{() => <SeriesList />}</WithPanel>
    </ScreenFrame>
  );
}

function SeriesList() {
  const panel = usePanelData();
  const can = useCanAccess();
  const [rows] = useTableRows(panel?.db, [Series]);
  if (!can(permission(Series, 'read'))) return <NoAccess />;
  if (!rows) return <Loading />;
  const byDocument = new Map(rows.filter((r) => !r.deleted).map((r) => [String(r.document), r]));
  const documents = numberedDocuments().filter((d) => entityByKey(d.key));
  return (
    <ul className="flex flex-col gap-3">
      {documents.map((d) => (
        <li key={d.key}>
          <SeriesCard documentKey={d.key} fallback={d.series} row={byDocument.get(d.key) ?? null} />
        </li>
      ))}
    </ul>
  );
}

function SeriesCard({ documentKey, fallback, row }: { documentKey: string; fallback: string; row: LocalRow | null }) {
  const { t, i18n } = useLingui();
  const panel = usePanelData();
  const can = useCanAccess();
  const current = typeof row?.prefix === 'string' ? row.prefix : fallback;
  const [text, setText] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const may = can(permission(Series, row ? 'update' : 'create'));
  const label = i18n._(entityByKey(documentKey)!.label);
  const prefix = normalizePrefix(text);
  const next = `${prefix ?? current}-${jalaliYear(new Date())}-00001`;

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!panel) return;
    if (!prefix) return setError(t`Use Latin letters, digits and dashes, at most 12, starting and ending with a letter or digit.`);
    setError(null);
    setSaving(true);
    try {
      if (row) await panel.data.update(Series, row.id, { document: documentKey, prefix });
      else await panel.data.create(Series, { document: documentKey, prefix });
      setText(prefix);
      showToast(t`Saved. The next ${label} is numbered ${next}.`, { type: 'success' });
    } catch (failure) {
      setError(describeError(i18n, failure));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card>
      <form onSubmit={(event) => void save(event)} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold text-slate-900">{label}</h2>
          <p className="text-xs text-slate-600">
            <Trans>
              Next number: <Ltr>{next}</Ltr>
            </Trans>
          </p>
        </div>
        <TextField
          label={t`Prefix of ${label}`}
          ltr
          value={text}
          maxLength={12}
          disabled={!may}
          onChange={(event) => setText(event.target.value)}
          error={error}
          hint={text === fallback ? undefined : t`Default: ${fallback}`}
          className="sm:w-40"
        />
        {may && (
          <Button type="submit" variant="secondary" loading={saving} disabled={saving || !prefix || prefix === current}>
            <Trans>Save</Trans>
          </Button>
        )}
      </form>
    </Card>
  );
}
