/**
 * Nagem's warehousing ERP (product-spec: NagemWarehousingERP/product/AddNewProduct): the product
 * form of warehousing under the ERP's path, on the same products. A module of one screen, built
 * on warehousing's exports; it follows warehousing (its address opens wherever warehousing is on)
 * and is never a menu entry or a choice of its own, since warehousing's menu has the same form
 * (decision 030).
 */
import { defineModule } from '../../src/contract/module.ts';

export default defineModule({
  key: 'NagemWarehousingERP',
  order: 25,
  entities: [],
  routes: { addProduct: 'product/AddNewProduct' },
  dependsOn: ['WarehousingMVM'],
  follows: 'WarehousingMVM',
});
