/**
 * A document's history on its own page (documents.md): who created it, changed it, submitted and
 * cancelled it, and when (Jalali in fa), read from the panel's audit log as synced to this device,
 * so it shows offline too. Steps still waiting on this device are said by the status badge; the
 * log holds only what the server accepted. Shown to those whose role opens the activity log.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { Activity } from '../../contract/entities/panelManagement.ts';
import { permission, type Entity } from '../../contract/entity.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { useCanAccess } from '../../storage/access.ts';
import type { LocalRow } from '../../storage/localRecords.ts';
import { usePanelData } from '../../storage/panelData.ts';

/** The audit rows of one document, oldest first (undefined while loading). */
function useDocumentActivity(entity: Entity, id: string): LocalRow[] | undefined {
  const panel = usePanelData();
  return useLiveQuery(async () => {
    if (!panel) return [];
    const rows = await panel.db
      .rows(Activity)
      .where('entity')
      .equals(entity.key)
      .filter((row) => row.rowId === id && !row.deleted)
      .toArray();
    return rows.sort((a, b) => String(a.at).localeCompare(String(b.at)));
  }, [panel, entity.key, id]);
}

export function DocumentHistory({ entity, id }: { entity: Entity; id: string }) {
  const can = useCanAccess();
  if (!can(permission(Activity, 'read'))) return null;
  return <HistoryList entity={entity} id={id} />;
}

function HistoryList({ entity, id }: { entity: Entity; id: string }) {
  const { t } = useLingui();
  const rows = useDocumentActivity(entity, id);
  if (!rows) return null;
  const said: Record<string, (who: string) => string> = {
    create: (who) => t`${who} created it`,
    update: (who) => t`${who} changed it`,
    submit: (who) => t`${who} submitted it`,
    cancel: (who) => t`${who} cancelled it`,
    delete: (who) => t`${who} deleted it`,
  };
  return (
    <section aria-labelledby={`history-${id}`} className="flex flex-col gap-2 print:hidden">
      <h2 id={`history-${id}`} className="text-sm font-semibold text-slate-900">
        <Trans>History</Trans>
      </h2>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">
          <Trans>Nothing yet: it has not reached the server.</Trans>
        </p>
      ) : (
        <ol className="flex flex-col gap-1.5 border-s-2 border-slate-200 ps-3">
          {rows.map((row) => {
            const at = String(row.at ?? '');
            const who = String(row.actorName ?? '');
            return (
              <li key={row.id} className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
                <span className="text-slate-900">{(said[String(row.action)] ?? said.update!)(who)}</span>
                <time dateTime={at} className="text-xs text-slate-600">
                  {formatDateTime(at)}
                </time>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
