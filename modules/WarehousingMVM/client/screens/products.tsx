/** Products: the list (search, filters, sort, CSV) opening each product's page, and the form to add one. */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation, useSearch } from 'wouter';
import { permission } from '@/contract/entity.ts';
import {
  buttonClasses,
  EntityFormPage,
  EntityList,
  ImportLink,
  PlusIcon,
  ScreenFrame,
  TreePickerField,
  useCanAccess,
} from '@/moduleKit.ts';
import { Product } from '../../entities/masterData.ts';
import { ScanField } from '../parts/ScanField.tsx';
import { wh, withQuery } from '../paths.ts';

export function ProductList() {
  const { t } = useLingui();
  const can = useCanAccess();
  const [, navigate] = useLocation();
  const add = can(permission(Product, 'create')) && (
    <Link href={wh.addProduct} className={buttonClasses('primary')}>
      <PlusIcon />
      <Trans>Add a product</Trans>
    </Link>
  );
  return (
    <ScreenFrame
      title={t`Products`}
      description={<Trans>Find a product by its name, code or barcode.</Trans>}
      actions={
        add && (
          <>
            <ImportLink entity={Product} />
            {add}
          </>
        )
      }
      needs={permission(Product, 'read')}
    >
      <div className="mb-4">
        <ScanField
          label={t`Scan or type a product’s code`}
          want="product"
          onFound={(found) => navigate(withQuery(wh.productDetails, { id: found.row.id }))}
        />
      </div>
      <EntityList entity={Product} onOpen={(row) => navigate(withQuery(wh.productDetails, { id: row.id }))} empty={add} />
    </ScreenFrame>
  );
}

/**
 * A new product (`?categoryId=` starts it in a category, `?barcode=` with a scanned code); editing
 * with `?id=`. Its category is picked from the categories' tree (CategorySelectModal).
 */
export function AddNewProduct() {
  const barcode = new URLSearchParams(useSearch()).get('barcode');
  return (
    <EntityFormPage
      entity={Product}
      widgets={{ categoryId: TreePickerField }}
      defaults={{ unit: 'piece', active: true, ...(barcode ? { barcodes: [barcode] } : {}) }}
      after={(row) => withQuery(wh.productDetails, { id: row.id })}
      back={wh.productList}
    />
  );
}
