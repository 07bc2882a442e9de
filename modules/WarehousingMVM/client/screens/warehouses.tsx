/** Warehouses: the list (each with its keeper, and the way to its locations) and the form to add one. */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { buttonClasses, EntityFormPage, EntityScreen } from '@/moduleKit.ts';
import { Warehouse } from '../../entities/masterData.ts';
import { wh } from '../paths.ts';

export function WarehouseList() {
  const { t } = useLingui();
  return (
    <EntityScreen
      entity={Warehouse}
      defaults={{ active: true }}
      description={t`Each warehouse has its own tree of locations: zones, aisles, racks, shelves and bins.`}
      before={
        <p className="mb-4">
          <Link href={wh.locations} className={buttonClasses('secondary', 'sm')}>
            <Trans>Locations of the warehouses</Trans>
          </Link>
        </p>
      }
    />
  );
}

export function AddNewWarehouse() {
  return <EntityFormPage entity={Warehouse} defaults={{ active: true }} after={() => wh.warehouseList} back={wh.warehouseList} />;
}
