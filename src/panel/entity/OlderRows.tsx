/**
 * A list's rows before the device's window of history (decision 050): under the device's own rows,
 * a line saying the older ones are on the server, and a button that asks the server's REST list
 * for them with the same search, filters and sort (src/storage/beyondWindow.ts), page by page,
 * shown in the same table; each opens its page as a local row does. Offline, or when the server
 * cannot answer, it says they need a connection, and shows nothing wrong.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState, type ReactNode } from 'react';
import type { Entity, EntityListResponse } from '../../contract/entity.ts';
import { formatDate, formatNumber } from '../../i18n/format.ts';
import { fetchOlderRows, olderParams } from '../../storage/beyondWindow.ts';
import type { ListParams } from '../../storage/listQuery.ts';
import type { LocalRow } from '../../storage/localRecords.ts';
import { usePanelData } from '../../storage/panelData.ts';
import { useWindowStart } from '../../storage/syncWindow.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { EntityRows } from './EntityRows.tsx';

/** How many older rows one press of the button brings. */
export const OLDER_PAGE_SIZE = 50;

export interface OlderRowsProps {
  entity: Entity;
  /** The list's own search, filters, ranges and sort. */
  params: ListParams;
  /** The ids the device lists already (rows kept whatever their date: drafts, pending writes). */
  localIds: ReadonlySet<string>;
  onSort: (sort: NonNullable<ListParams['sort']>) => void;
  onOpen: (row: LocalRow) => void;
  titles: ReadonlyMap<string, Map<string, string>>;
  lead?: (row: LocalRow) => ReactNode;
}

type Pages = { key: string; token: string; pages: EntityListResponse[]; state: 'loading' | 'ready' | 'failed' };
type Answer = Pages & { state: 'ready' | 'failed' };

/** A server row as a list shows it: synced, nothing pending. */
function asListed(row: EntityListResponse['items'][number]): LocalRow {
  return { ...row, _pending: 0, _search: '' };
}

export function OlderRows({ entity, params, localIds, onSort, onOpen, titles, lead }: OlderRowsProps) {
  const { t } = useLingui();
  const panel = usePanelData();
  const windowStart = useWindowStart(entity);
  const asked = windowStart ? olderParams(entity, params, windowStart) : null;
  const key = JSON.stringify(asked);
  const [wanted, setWanted] = useState<{ key: string; pages: number; attempt: number } | null>(null);
  const pagesWanted = wanted?.key === key ? wanted.pages : 0;
  const attempt = wanted?.attempt ?? 0;
  // What was asked, answered: pages shown stay while more are fetched.
  const token = `${key}\n${pagesWanted}\n${attempt}`;
  const [shown, setShown] = useState<Answer | null>(null);
  const ofList = shown?.key === key ? shown : null;
  const current: Pages | null =
    pagesWanted === 0 ? null : ofList?.token === token ? ofList : { key, token, pages: ofList?.pages ?? [], state: 'loading' };

  useEffect(() => {
    if (!panel || !asked || pagesWanted === 0) return;
    let live = true;
    void Promise.all(
      Array.from({ length: pagesWanted }, (_, i) => fetchOlderRows(panel, entity, { ...asked, page: i + 1, pageSize: OLDER_PAGE_SIZE })),
    ).then(
      (pages) => live && setShown({ key, token, pages, state: 'ready' }),
      () => live && setShown((before) => ({ key, token, pages: before?.key === key ? before.pages : [], state: 'failed' })),
    );
    return () => {
      live = false;
    };
    // `key` stands for `asked`, built afresh on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [panel, entity, key, token, pagesWanted]);

  if (!entity.window || !windowStart || !asked) return null;
  const day = formatDate(windowStart);
  const rows = (current?.pages ?? []).flatMap((page) => page.items).filter((row) => !localIds.has(row.id) && !row.deleted);
  const total = current?.pages[0]?.total ?? 0;
  const more = current?.state === 'ready' && current.pages.length * OLDER_PAGE_SIZE < total;
  const count = formatNumber(total);

  return (
    <section className="flex flex-col gap-3" aria-label={t`Rows on the server`} data-testid="older-rows">
      <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
        <p className="min-w-0 flex-1">
          {current?.state === 'ready' ? (
            <Trans>
              {count} rows before {day} on the server
            </Trans>
          ) : (
            <Trans>Rows before {day} are on the server</Trans>
          )}
        </p>
        {pagesWanted === 0 && (
          <Button variant="secondary" onClick={() => setWanted({ key, pages: 1, attempt })}>
            <Trans>Show older</Trans>
          </Button>
        )}
        {current?.state === 'loading' && <Spinner className="size-5 text-brand-700" />}
      </div>
      {current?.state === 'failed' && (
        <Alert tone="warning">
          <p>
            <Trans>Older rows need a connection.</Trans>
          </p>
          <Button
            variant="ghost"
            className="mt-2"
            onClick={() => setWanted({ key, pages: Math.max(pagesWanted, 1), attempt: attempt + 1 })}
          >
            <Trans>Try again</Trans>
          </Button>
        </Alert>
      )}
      {rows.length > 0 && (
        <EntityRows
          entity={entity}
          rows={rows.map(asListed)}
          columns={entity.listFields}
          sort={params.sort ?? entity.defaultSort}
          onSort={onSort}
          onOpen={onOpen}
          titles={titles}
          lead={lead}
        />
      )}
      {more && (
        <div className="flex justify-center">
          <Button variant="ghost" onClick={() => setWanted({ key, pages: pagesWanted + 1, attempt })}>
            <Trans>Show more older rows</Trans>
          </Button>
        </div>
      )}
    </section>
  );
}
