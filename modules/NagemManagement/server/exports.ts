/**
 * What other modules' server parts may use of sales (decision 033): the events it publishes of its
 * documents, with their payload types. A module imports this file only when its declaration names
 * sales in `dependsOn` or `listensTo`.
 */
export { saleEvents, type SaleCustomer, type SaleEvent } from './saleEvents.ts';
