import { describe, expect, it } from 'vitest';
import { asDocument, type Row } from '../../src/contract/entity.ts';
import { checkDocument, initialDocument } from '../../src/panel/document/documentValues.ts';
import { Invoice } from '../../modules/MarketAccounting/entities/invoices.ts';

const invoice = asDocument(Invoice);
const copied = [{ id: 'l1', description: 'چای', quantity: '2', unitPrice: 120_000, vatRate: '10', returnOfLine: 'of-1' }];

describe('the lines a document form starts from', () => {
  it('are the given lines on a new document, in the widgets’ shapes and with their ids', () => {
    const values = initialDocument(invoice, null, { kind: 'saleReturn' }, copied);
    expect(values.header.kind).toBe('saleReturn');
    expect(values.lines).toHaveLength(1);
    expect(values.lines[0]).toMatchObject({ id: 'l1', description: 'چای', returnOfLine: 'of-1' });
    expect(values.lines[0]!.quantity).not.toBe('');
  });

  it('are the draft’s own lines when a draft is edited, whatever is given', () => {
    const draft = {
      id: 'd',
      version: 1,
      updatedAt: '',
      deleted: false,
      kind: 'sale',
      lines: [{ id: 'own', description: 'برنج', quantity: '1' }],
    } as Row;
    expect(initialDocument(invoice, draft, undefined, copied).lines.map((l) => l.id)).toEqual(['own']);
  });

  it('are one empty line when none are given', () => {
    const values = initialDocument(invoice, null, {});
    expect(values.lines).toHaveLength(1);
    expect(values.lines[0]!.description).toBe('');
  });
});

describe('the internal header fields a module’s own part of the form edits', () => {
  const draft = {
    id: 'd',
    version: 1,
    updatedAt: '',
    deleted: false,
    kind: 'purchase',
    date: '2026-11-27',
    cheques: '[{"id":"c"}]',
    paymentId: 'p',
    lines: [],
  } as Row;

  it('are loaded and written only when the form names them, and never a read-only one', () => {
    expect(initialDocument(invoice, draft).header).not.toHaveProperty('cheques');
    const values = initialDocument(invoice, draft, undefined, undefined, ['cheques', 'paymentId']);
    expect(values.header.cheques).toBe('[{"id":"c"}]');
    expect(values.header).not.toHaveProperty('paymentId');
    const line = { id: 'l', description: 'کارتن', quantity: '1', unitPrice: '10', vatRate: '10' };
    const named = checkDocument(invoice, { ...values, lines: [line] }, ['cheques']);
    const unnamed = checkDocument(invoice, { ...values, lines: [line] });
    expect('values' in named && named.values.cheques).toBe('[{"id":"c"}]');
    expect('values' in unnamed && 'cheques' in unnamed.values).toBe(false);
  });
});
