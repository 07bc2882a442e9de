/**
 * Nagem's warehousing ERP (product-spec: NagemWarehousingERP/product/AddNewProduct): the product
 * form of warehousing under the ERP's path, on the same products. A module of one screen, built
 * on warehousing's exports, so it needs warehousing enabled with it.
 */
import { defineModule } from '../../src/contract/module.ts';

export default defineModule({
  key: 'NagemWarehousingERP',
  order: 25,
  entities: [],
  routes: ['product/AddNewProduct'],
  dependsOn: ['WarehousingMVM'],
});
