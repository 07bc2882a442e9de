/**
 * What other modules' server parts may use of warehousing (decision 033): the events it publishes
 * of its documents, with their payload types. A module imports this file only when its
 * declaration names warehousing in `dependsOn` or `listensTo`.
 */
export { receiptEvents, type ReceiptEvent, type ReceiptLineValue, type ReceiptParty } from './receiptEvents.ts';
export { goodsValuesOf, postGoods, reverseGoods, type GoodsDocument, type GoodsLine, type GoodsValues } from './goodsPosting.ts';
