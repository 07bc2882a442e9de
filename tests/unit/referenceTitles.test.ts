import { describe, expect, it } from 'vitest';
import { rowTitle } from '../../src/panel/entity/referenceTitles.ts';
import { Invoice } from '../../modules/MarketAccounting/entities/invoices.ts';
import { CashBox } from '../../modules/MarketAccounting/entities/books.ts';

describe('the name a reference shows', () => {
  it('is a submitted invoice’s number, not its date, whether or not it has a note', () => {
    const sale = { id: 's', kind: 'sale', date: '2026-11-27', note: '', number: 'INV-1405-00007', status: 'submitted' };
    expect(rowTitle(Invoice, sale)).toBe('INV-1405-00007');
    expect(rowTitle(Invoice, { ...sale, note: 'فروش به آقای احمدی' })).toBe('INV-1405-00007');
  });

  it('is a draft document’s title while it has no number, and any other record’s title field', () => {
    expect(rowTitle(Invoice, { id: 'd', date: '2026-11-27', note: 'پیش‌نویس', number: null })).toBe('پیش‌نویس');
    expect(rowTitle(CashBox, { id: 'c', name: 'صندوق پیشخوان', number: 'X-1' })).toBe('صندوق پیشخوان');
  });
});
