/**
 * A warehouse's locations (warehousing.md): the tree of zones, aisles, racks, shelves and bins of
 * the chosen warehouse, the row editor, and the picker that returns a location (by the tree).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, Redirect, useLocation, useSearch } from 'wouter';
import { permission, type Row } from '@/contract/entity.ts';
import {
  Button,
  buttonClasses,
  EmptyState,
  EntityFormPage,
  FieldValue,
  Loading,
  PanelIconGlyph,
  PlusIcon,
  returnWithChoice,
  ScreenFrame,
  SelectField,
  TreeList,
  useCanAccess,
  useList,
} from '@/moduleKit.ts';
import { ScanField } from '../parts/ScanField.tsx';
import { Location, Warehouse } from '../../entities/masterData.ts';
import { LocationField } from '../parts/LocationField.tsx';
import { wh, withQuery } from '../paths.ts';

/** The warehouse in `?warehouse=`, or the only one there is; and a chooser to change it. */
function useChosenWarehouse(): { warehouses: readonly Row[] | undefined; warehouseId: string | null; choose: (id: string) => void } {
  const [location, navigate] = useLocation();
  const query = new URLSearchParams(useSearch());
  const { data } = useList(Warehouse);
  const given = query.get('warehouse');
  const warehouseId = given ?? (data?.total === 1 ? data.items[0]!.id : null);
  const choose = (id: string) => {
    query.set('warehouse', id);
    navigate(`${location}?${query}`, { replace: true });
  };
  return { warehouses: data?.items, warehouseId, choose };
}

function WarehouseChooser({ warehouses, warehouseId, choose }: ReturnType<typeof useChosenWarehouse>) {
  const { t } = useLingui();
  if (!warehouses || warehouses.length < 2) return null;
  return (
    <SelectField
      className="mb-4 max-w-sm"
      label={t`Warehouse`}
      value={warehouseId ?? ''}
      onChange={(e) => choose(e.target.value)}
      placeholder={t`Choose a warehouse`}
      options={warehouses.map((w) => ({ value: w.id, label: `${String(w.name)} (${String(w.code)})` }))}
    />
  );
}

/** Before a warehouse is chosen: what the screen is waiting for, and each warehouse to choose. */
function ChooseWarehouseFirst({ warehouses, choose }: { warehouses: readonly Row[]; choose: (id: string) => void }) {
  return (
    <EmptyState
      icon={<PanelIconGlyph icon="warehouse" className="size-7" />}
      titleAs="p"
      title={<Trans>Choose a warehouse to see its locations.</Trans>}
      actions={warehouses.map((w) => (
        <Button key={w.id} variant="secondary" onClick={() => choose(w.id)}>
          {String(w.name)} ({String(w.code)})
        </Button>
      ))}
    />
  );
}

function LocationTree({ warehouseId, choose }: { warehouseId: string; choose?: (id: string) => void }) {
  const { t } = useLingui();
  const can = useCanAccess();
  const { data } = useList(Location, { filters: { warehouseId } });
  if (!data) return <Loading />;
  if (data.total === 0) {
    return (
      <EmptyState
        icon={<PanelIconGlyph icon="warehouse" className="size-7" />}
        titleAs="p"
        title={<Trans>No locations in this warehouse yet.</Trans>}
        description={<Trans>Add zones, aisles, racks, shelves and bins, each with the code on its label.</Trans>}
        actions={
          can(permission(Location, 'create')) && (
            <Link href={withQuery(wh.locationRow, { warehouseId })} className={buttonClasses('primary')}>
              <Trans>Add a location</Trans>
            </Link>
          )
        }
      />
    );
  }
  return (
    <TreeList
      entity={Location}
      rows={data.items}
      label={t`Locations`}
      meta={(row) => (
        <>
          <FieldValue field={Location.fields.kind} value={row.kind} />
          {row.name ? ` · ${String(row.name)}` : ''}
        </>
      )}
      actions={(row) =>
        choose ? (
          <Button size="sm" onClick={() => choose(row.id)}>
            <Trans>Choose</Trans>
          </Button>
        ) : (
          <>
            {can(permission(Location, 'create')) && (
              <Link
                href={withQuery(wh.locationRow, { warehouseId, parentId: row.id })}
                className={buttonClasses('ghost', 'sm')}
                aria-label={t`Add inside ${String(row.code)}`}
              >
                <PlusIcon className="size-4" />
              </Link>
            )}
            <Link href={withQuery(wh.locationRow, { id: row.id })} className={buttonClasses('secondary', 'sm')}>
              {can(permission(Location, 'update')) ? <Trans>Edit</Trans> : <Trans>Open</Trans>}
            </Link>
          </>
        )
      }
    />
  );
}

export function Locations() {
  const { t } = useLingui();
  const can = useCanAccess();
  const chosen = useChosenWarehouse();
  return (
    <ScreenFrame
      title={t`Locations`}
      description={<Trans>Where goods sit inside a warehouse, as a tree: zone, aisle, rack, shelf, bin.</Trans>}
      actions={
        chosen.warehouseId &&
        can(permission(Location, 'create')) && (
          <Link href={withQuery(wh.locationRow, { warehouseId: chosen.warehouseId })} className={buttonClasses('primary')}>
            <PlusIcon />
            <Trans>Add a location</Trans>
          </Link>
        )
      }
    >
      <WarehouseChooser {...chosen} />
      {chosen.warehouses?.length === 0 ? (
        <EmptyState
          icon={<PanelIconGlyph icon="warehouse" className="size-7" />}
          titleAs="p"
          title={<Trans>Add a warehouse first.</Trans>}
          actions={
            <Link href={wh.addWarehouse} className={buttonClasses('primary')}>
              <Trans>Add a warehouse</Trans>
            </Link>
          }
        />
      ) : chosen.warehouseId ? (
        <LocationTree warehouseId={chosen.warehouseId} />
      ) : (
        chosen.warehouses && <ChooseWarehouseFirst warehouses={chosen.warehouses} choose={chosen.choose} />
      )}
    </ScreenFrame>
  );
}

const widgets = { parentId: LocationField };

/** One location on its own page: `?id=` edits it; `?warehouseId=&parentId=` adds one there. */
export function LocationRow() {
  const back = (row?: Row) => withQuery(wh.locations, { warehouse: typeof row?.warehouseId === 'string' ? row.warehouseId : null });
  return <EntityFormPage entity={Location} widgets={widgets} defaults={{ kind: 'bin', active: true }} after={back} back={wh.locations} />;
}

/** The location picker: the tree of `?warehouse=`'s locations; the choice goes back to `?return=`. */
export function WarehouseLocationSelector() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const search = useSearch();
  const chosen = useChosenWarehouse();
  return (
    <ScreenFrame title={t`Choose a location`}>
      <WarehouseChooser {...chosen} />
      <div className="mb-4">
        <ScanField
          label={t`Scan or type a location’s code`}
          want="location"
          warehouseId={chosen.warehouseId}
          onFound={(found) => navigate(returnWithChoice(search, found.row.id) ?? withQuery(wh.locationRow, { id: found.row.id }))}
        />
      </div>
      {chosen.warehouseId ? (
        <LocationTree
          warehouseId={chosen.warehouseId}
          choose={(id) => navigate(returnWithChoice(search, id) ?? withQuery(wh.locationRow, { id }))}
        />
      ) : (
        chosen.warehouses && chosen.warehouses.length > 0 && <ChooseWarehouseFirst warehouses={chosen.warehouses} choose={chosen.choose} />
      )}
    </ScreenFrame>
  );
}

/** The picker's row opens the picker that holds it. */
export function LocationPickerRow() {
  const search = useSearch();
  return <Redirect to={search ? `${wh.locationPicker}?${search}` : wh.locationPicker} replace />;
}
