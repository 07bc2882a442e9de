/**
 * What sales publishes of a sale (decision 033): invoiced (submitted) or its invoice cancelled,
 * with its net, VAT and total as exact rials and its customer. Built from sales' own rows; the
 * payload of a cancel is that of its submit (the amounts are fixed once a sale is submitted).
 */
import { rials } from '../../../src/contract/money.ts';
import type { Row } from '../../../src/contract/entity.ts';
import { defineDocumentEvent, findRows, type PublishScope } from '../../../server/moduleApi.ts';
import { Customer } from '../entities/customers.ts';
import { Sale } from '../entities/sale.ts';

/** The customer invoiced, as a follower may mirror them. */
export interface SaleCustomer {
  /** The entity the customer is a row of (a follower's mirror keeps it with the id). */
  entity: string;
  id: string;
  /** Its name, or null when it has none. */
  name: string | null;
}

export interface SaleEvent {
  id: string;
  number: string | null;
  /** The sale's date (YYYY-MM-DD). */
  date: string;
  /** After discounts, before VAT. */
  net: bigint;
  vat: bigint;
  total: bigint;
  customer: SaleCustomer | null;
}

async function buildSaleEvents({ q, panelId }: PublishScope, docs: readonly Row[]): Promise<SaleEvent[]> {
  const customerIds = [...new Set(docs.flatMap((doc) => (typeof doc.customerId === 'string' && doc.customerId ? [doc.customerId] : [])))];
  const customers = new Map((await findRows(q, Customer, panelId, customerIds)).map((c) => [c.id, c]));
  return docs.map((doc) => {
    const net = rials(doc.net);
    const vat = rials(doc.vat);
    const customerId = typeof doc.customerId === 'string' && doc.customerId ? doc.customerId : null;
    const name = customerId ? customers.get(customerId)?.name : null;
    return {
      id: doc.id,
      number: (doc.number as string | null) ?? null,
      date: String(doc.date),
      net,
      vat,
      total: doc.total === null || doc.total === undefined ? net + vat : rials(doc.total),
      customer: customerId ? { entity: Customer.key, id: customerId, name: typeof name === 'string' && name ? name : null } : null,
    };
  });
}

/** A sale invoiced (submitted) or its invoice cancelled. */
export const saleEvents = defineDocumentEvent(Sale, buildSaleEvents);
