/**
 * The list screen body of any entity, from its declaration: search, filters, sortable columns,
 * virtual scrolling for long lists, loading and empty states, and CSV and Excel export of what is shown.
 * Rows come from this device (useList), so it works the same offline; those before the device's
 * window of history (decision 050) are the server's, shown under them on demand (OlderRows).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState, type ReactNode } from 'react';
import { isDocument, type Entity } from '../../contract/entity.ts';
import { formatNumber, inSentence } from '../../i18n/format.ts';
import type { ListParams } from '../../storage/listQuery.ts';
import type { LocalRow } from '../../storage/localRecords.ts';
import { useList } from '../../storage/useData.ts';
import { Button } from '../../ui/Button.tsx';
import { SearchIcon } from '../../ui/icons.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { DocumentLead } from '../document/DocumentStatusBadge.tsx';
import { SheetButtons } from '../spreadsheet/SheetButtons.tsx';
import { entitySheet } from './entitySheet.ts';
import { EntityFilters } from './EntityFilters.tsx';
import { EntityRows } from './EntityRows.tsx';
import { OlderRows } from './OlderRows.tsx';
import { useFieldDisplay } from './fieldDisplay.ts';
import { useReferenceMaps } from './useReferenceMaps.ts';

export interface EntityListProps {
  entity: Entity;
  onOpen: (row: LocalRow) => void;
  /** Shown when the entity has no rows at all (say, with the button to add the first). */
  empty?: ReactNode;
  /** Filters the screen sets (the receipts of one warehouse), on top of those people choose. */
  fixed?: Record<string, unknown>;
}

export function EntityList({ entity, onOpen, empty, fixed }: EntityListProps) {
  const { t, i18n } = useLingui();
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<Record<string, unknown>>({});
  const [ranges, setRanges] = useState<NonNullable<ListParams['ranges']>>({});
  const [sort, setSort] = useState<NonNullable<ListParams['sort']>>(entity.defaultSort);
  // Not deferred (decision 063): a keystroke's list costs a bounded scan (SCAN_BUDGET_MS) and the
  // rows in view, so one render shows it; a deferred second render came frames later.
  const params = { search, filters: { ...filters, ...fixed }, ranges, sort };
  const { data, loading } = useList(entity, params, { firstRows: true });
  // Only a list with a window of history needs its ids (to leave them out of the server's older rows).
  const localIds = useMemo(() => new Set(entity.window ? (data?.items ?? []).map((row) => row.id) : []), [data, entity.window]);
  const titles = useReferenceMaps(entity.fields);
  const display = useFieldDisplay();
  const narrowed =
    Boolean(search.trim()) || Object.values(filters).some((v) => v !== undefined) || Object.values(ranges).some((r) => r.from || r.to);
  const plural = inSentence(i18n._(entity.pluralLabel));
  const count = formatNumber(data?.total ?? 0);

  const day = new Date().toISOString().slice(0, 10);
  const sheet = () => entitySheet(i18n, entity, data?.items ?? [], titles, { search, filters, ranges }, display);

  // With nothing to show and nothing narrowing it, search, filters and export are only clutter.
  const bare = !loading && !narrowed && data?.total === 0;
  // A search's first page shows before every row is counted (decision 055); with none matched yet, it is still looking.
  const counting = data?.counting === true;
  const searching = counting && data.items.length === 0;
  return (
    <div className="flex flex-col gap-4">
      <div className={bare ? 'hidden' : 'flex flex-wrap items-end gap-3'}>
        <TextField
          className="min-w-0 flex-1 basis-64"
          type="search"
          label={t`Search ${plural}`}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          end={<SearchIcon className="me-2 size-5 text-slate-400" />}
        />
        <div className="flex gap-2">
          <SheetButtons fileName={`${entity.name}-${day}`} sheet={sheet} disabled={!data?.total || data.partial === true} />
        </div>
      </div>
      {!bare && <EntityFilters entity={entity} filters={filters} ranges={ranges} onFilters={setFilters} onRanges={setRanges} />}
      <p className={bare ? 'sr-only' : 'text-sm text-slate-600'} role="status" aria-busy={loading || data?.partial === true}>
        {loading ? (
          <Trans>Loading…</Trans>
        ) : counting ? (
          <span className="text-slate-500">
            <Trans>{count}+ records, counting…</Trans>
          </span>
        ) : (
          <Trans>{count} records</Trans>
        )}
      </p>
      {loading || searching ? (
        <div className="grid place-items-center rounded-xl bg-white py-16 text-brand-700 ring-1 ring-slate-200">
          <Spinner className="size-8" />
        </div>
      ) : data && data.total > 0 ? (
        <EntityRows
          entity={entity}
          rows={data.items}
          columns={entity.listFields}
          sort={sort}
          onSort={setSort}
          onOpen={onOpen}
          titles={titles}
          lead={isDocument(entity) ? DocumentLead : undefined}
        />
      ) : narrowed ? (
        <div className="rounded-xl bg-white px-4 py-12 text-center ring-1 ring-slate-200">
          <p className="font-medium text-slate-900">
            <Trans>Nothing matches your search and filters.</Trans>
          </p>
          <Button
            variant="ghost"
            className="mt-3"
            onClick={() => {
              setSearch('');
              setFilters({});
              setRanges({});
            }}
          >
            <Trans>Clear search and filters</Trans>
          </Button>
        </div>
      ) : (
        <div className="rounded-xl bg-white px-4 py-12 text-center ring-1 ring-slate-200">
          <p className="font-medium text-slate-900">
            <Trans>No {plural} yet.</Trans>
          </p>
          {empty && <div className="mt-4 flex justify-center">{empty}</div>}
        </div>
      )}
      {!loading && entity.window && (
        <OlderRows
          entity={entity}
          params={params}
          localIds={localIds}
          onSort={setSort}
          onOpen={onOpen}
          titles={titles}
          lead={isDocument(entity) ? DocumentLead : undefined}
        />
      )}
    </div>
  );
}
