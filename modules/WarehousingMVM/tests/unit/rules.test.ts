/**
 * The warehousing rules screens and server share or rely on: counts summed per place with each
 * entry once, a scan adding to its line, a cargo's check (short, over, accepted), a consignor's
 * settlement, EAN-13 check digits and label pages.
 */
import { describe, expect, it } from 'vitest';
import type { Row } from '@/contract/entity.ts';
import type { LineValues } from '@/panel/document/documentValues.ts';
import { accepted, lineStatus, receiptLines, scanArrival, type CheckLine } from '../../client/cargoCheck.ts';
import { addScanToLines } from '../../client/codeLookup.ts';
import { eanDigits, expandLabels, pagesOf, symbologyFor } from '../../client/labels.ts';
import { settlementOf } from '../../client/settlement.ts';
import { transferDifferences } from '../../client/transferView.ts';
import { mergeCountEntries } from '../../rules/countMerge.ts';

let next = 0;
const id = () => `id-${++next}`;

describe('count entries', () => {
  it('add up per product, location and batch, an entry read twice counting once, corrections taken off', () => {
    const entries = [
      { id: 'a', productId: 'tea', locationId: 'A1', quantity: '1' },
      { id: 'b', productId: 'tea', locationId: 'A1', quantity: '1' },
      { id: 'b', productId: 'tea', locationId: 'A1', quantity: '1' },
      { id: 'c', productId: 'tea', locationId: 'A1', quantity: '-1' },
      { id: 'd', productId: 'tea', locationId: 'A2', quantity: '2.5' },
      { id: 'e', productId: 'tea', locationId: 'A2', batch: 'L1', quantity: '3' },
      { id: 'f', productId: 'tea', locationId: 'A2', batch: 'L1', quantity: '3', deleted: true },
    ];
    const merged = mergeCountEntries(entries);
    expect([...merged.values()].map((p) => [p.locationId, p.batch, p.quantity, p.entries])).toEqual([
      ['A1', null, '1.000', 3],
      ['A2', null, '2.500', 1],
      ['A2', 'L1', '3.000', 1],
    ]);
  });
});

describe('scanning into lines', () => {
  it('adds one to the line of the same product and place, else opens a line in place of the spare one', () => {
    const blank = (): LineValues => ({ id: id(), productId: null, quantity: '', locationId: null });
    let lines = [blank()];
    lines = addScanToLines(lines, 'tea', { locationId: 'A1' }, 'quantity', blank);
    lines = addScanToLines(lines, 'tea', { locationId: 'A1' }, 'quantity', blank);
    lines = addScanToLines(lines, 'tea', { locationId: 'A2' }, 'quantity', blank);
    expect(lines.map((l) => [l.productId, l.locationId, l.quantity])).toEqual([
      ['tea', 'A1', '2'],
      ['tea', 'A2', '1'],
      [null, null, ''],
    ]);
  });
});

describe('a cargo’s check', () => {
  const line = (productId: string, expected: string): CheckLine => ({
    id: id(),
    productId,
    expected,
    received: '0.000',
    damaged: '0.000',
    unitPrice: 100,
    locationId: null,
    batch: null,
    expiry: null,
  });
  it('counts one per scan, fills short lines first, opens an over line for what was not expected, and accepts arrived less damaged', () => {
    let lines = [line('tea', '2.000'), line('tea', '1.000')];
    for (let i = 0; i < 4; i++) lines = scanArrival(lines, 'tea', id);
    lines = scanArrival(lines, 'rice', id, 'A1');
    expect(lines.map((l) => [l.productId, l.received, lineStatus(l)])).toEqual([
      ['tea', '2.000', 'ok'],
      ['tea', '2.000', 'over'],
      ['rice', '1.000', 'over'],
    ]);
    lines = [{ ...lines[0]!, damaged: '1.000' }, lines[1]!, { ...lines[2]!, damaged: '1.000' }];
    expect(accepted(lines[0]!)).toBe('1.000');
    expect(receiptLines(lines, id).map((l) => [l.productId, l.quantity])).toEqual([
      ['tea', '1.000'],
      ['tea', '2.000'],
    ]);
  });
});

describe('a consignor’s settlement', () => {
  it('counts received, sold and returned of submitted documents only, and owes the consignor’s price of each unit sold', () => {
    const doc = (kind: string, quantity: string, unitPrice: number, status = 'submitted'): Row => ({
      id: id(),
      version: 1,
      updatedAt: '',
      deleted: false,
      kind,
      status,
      partyId: 'p',
      lines: [{ id: id(), productId: 'tea', quantity, unitPrice }],
    });
    const docs = [
      doc('receive', '10', 700),
      doc('sale', '3', 700),
      doc('sale', '1', 800),
      doc('return', '2', 0),
      doc('sale', '4', 700, 'draft'),
    ];
    const s = settlementOf(docs, 'p', (r) => r.status === 'submitted');
    expect(s.rows).toEqual([{ productId: 'tea', received: '10.000', sold: '4.000', returned: '2.000', onHand: '4.000', owed: 2900n }]);
    expect(s.owed).toBe(2900n);
  });
});

describe('transfer differences', () => {
  it('set what was sent beside what arrived, per product and batch', () => {
    const l = (productId: string, quantity: string) => ({ id: id(), productId, quantity });
    expect(transferDifferences([l('tea', '4'), l('rice', '1')], [l('tea', '3'), l('salt', '1')])).toEqual([
      { productId: 'tea', batch: '', sent: '4.000', received: '3.000' },
      { productId: 'rice', batch: '', sent: '1.000', received: '0.000' },
      { productId: 'salt', batch: '', sent: '0.000', received: '1.000' },
    ]);
  });
});

describe('labels', () => {
  it('take EAN-13 only for a valid EAN, completing a 12-digit one with its check digit', () => {
    expect(eanDigits('626000000001')).toBe('6260000000019');
    expect(eanDigits('6260000000019')).toBe('6260000000019');
    expect(eanDigits('6260000000017')).toBeNull();
    expect(symbologyFor('ean13', 'TEA-1')).toBe('code128');
  });
  it('repeat each label its count and fill A4 sheets 24 at a time', () => {
    const content = { key: 'k', code: 'C', name: 'n', caption: 'C', price: null };
    const labels = expandLabels([{ content, count: 50 }]);
    expect(pagesOf(labels, 'a4x24').map((p) => p.length)).toEqual([24, 24, 2]);
    expect(pagesOf(labels, 'roll40x25')).toHaveLength(50);
  });
});
