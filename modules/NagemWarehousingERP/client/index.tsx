/** The ERP's one screen: adding (or, with `?id=`, editing) a product, as warehousing does. */
import { msg } from '@lingui/core/macro';
import { permission } from '@/contract/entity.ts';
import { defineClientModule, lazyScreen } from '@/moduleKit.ts';
import { Product } from '../../WarehousingMVM/entities/masterData.ts';
import module from '../module.ts';

export default defineClientModule({
  module,
  name: msg`Warehousing ERP`,
  description: msg`Warehousing’s product form at the address Nagem’s ERP links to; it opens wherever warehousing is on.`,
  icon: 'box',
  nav: [{ screen: 'addProduct', label: msg`Add a product`, needs: permission(Product, 'create') }],
  screens: {
    addProduct: lazyScreen(() => import('../../WarehousingMVM/client/exports.ts'), 'AddNewProduct'),
  },
  catalogue: {
    fa: () => import('../locales/fa.po'),
    en: () => import('../locales/en.po'),
  },
});
