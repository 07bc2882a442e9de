/**
 * The cheques an invoice is settled by (issue 27): received on a sale or a purchase return,
 * issued on a purchase or a sales return. The invoice keeps them in its `cheques` field as a JSON
 * list, read and checked by this one rule on the device (the form) and the server (its write and
 * its submit); the submit turns each into a cheque line of the receipt or payment it makes, and so
 * into a Cheque row in hand. A cheque has its own id (a client UUID), serial, bank, due date and
 * amount in rials.
 */
import { isUuid } from '../../../src/contract/fields.ts';
import { fitsMoney, toRials } from '../../../src/contract/money.ts';

export interface InvoiceCheque {
  id: string;
  serial: string;
  bank: string | null;
  /** ISO date. */
  dueDate: string;
  /** Whole rials, as text. */
  amount: string;
}

/** A cheque as the form holds it while typed: any part may be empty. */
export type ChequeDraft = { [K in keyof InvoiceCheque]?: string | null };

export const CHEQUES_MAX = 20;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The list kept in the field, or null when the text is not one (empty text: none). */
export function readCheques(text: unknown): ChequeDraft[] | null {
  if (text === null || text === undefined || text === '') return [];
  if (typeof text !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length > CHEQUES_MAX) return null;
  const out: ChequeDraft[] = [];
  for (const item of value) {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return null;
    const c = item as Record<string, unknown>;
    const part = (name: string): string | null | undefined => {
      const v = c[name];
      if (v === null || v === undefined) return null;
      return typeof v === 'string' || typeof v === 'number' ? String(v) : undefined;
    };
    const draft: ChequeDraft = {
      id: part('id'),
      serial: part('serial'),
      bank: part('bank'),
      dueDate: part('dueDate'),
      amount: part('amount'),
    };
    if (Object.values(draft).some((v) => v === undefined)) return null;
    out.push(draft);
  }
  return out;
}

/** The text kept for these cheques (null for none). */
export const writeCheques = (cheques: readonly ChequeDraft[]): string | null => (cheques.length ? JSON.stringify(cheques) : null);

export type ChequeProblem = 'required' | 'format' | 'range';

/**
 * Each complete cheque, or the problems of those that are not, by `cheques.<i>.<part>`: a serial
 * (at most 30 characters), a due date, an amount of at least one rial; a bank name of at most 60.
 */
export function checkCheques(cheques: readonly ChequeDraft[]): { cheques: InvoiceCheque[] } | { problems: Record<string, ChequeProblem> } {
  const problems: Record<string, ChequeProblem> = {};
  const ok: InvoiceCheque[] = [];
  const seen = new Set<string>();
  cheques.forEach((c, i) => {
    const at = (part: string, problem: ChequeProblem) => (problems[`cheques.${i}.${part}`] = problem);
    const id = (c.id ?? '').toLowerCase();
    if (!isUuid(id) || seen.has(id)) at('id', 'format');
    seen.add(id);
    const serial = (c.serial ?? '').trim();
    if (!serial) at('serial', 'required');
    else if (serial.length > 30) at('serial', 'range');
    const bank = (c.bank ?? '').trim();
    if (bank.length > 60) at('bank', 'range');
    if (!c.dueDate) at('dueDate', 'required');
    else if (!ISO_DAY.test(c.dueDate) || Number.isNaN(Date.parse(c.dueDate))) at('dueDate', 'format');
    const amount = c.amount === null || c.amount === undefined || c.amount === '' ? null : toRials(c.amount);
    if (c.amount === null || c.amount === undefined || c.amount === '') at('amount', 'required');
    else if (amount === null) at('amount', 'format');
    else if (amount < 1n || !fitsMoney(amount)) at('amount', 'range');
    if (amount !== null && serial && c.dueDate) ok.push({ id, serial, bank: bank || null, dueDate: c.dueDate, amount: amount.toString() });
  });
  return Object.keys(problems).length ? { problems } : { cheques: ok };
}

/** What the cheques add up to, in rials (those whose amount can be read). */
export const chequesTotal = (cheques: readonly ChequeDraft[]): bigint =>
  cheques.reduce((sum, c) => sum + (toRials(c.amount ?? null) ?? 0n), 0n);
