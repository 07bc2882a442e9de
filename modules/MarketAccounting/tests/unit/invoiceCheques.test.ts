import { describe, expect, it } from 'vitest';
import { checkCheques, chequesTotal, readCheques, writeCheques } from '../../rules/invoiceCheques.ts';

const id = '0b6f3c9e-8a1d-4c2b-9f5e-2d7a1b3c4d5e';
const other = '1c7a4d0f-9b2e-4d3c-8a6f-3e8b2c4d5e6f';

describe('the cheques of an invoice', () => {
  it('reads what it writes, and none from empty text', () => {
    const cheques = [{ id, serial: '123', bank: 'ملی', dueDate: '2026-12-28', amount: '600000' }];
    expect(readCheques(writeCheques(cheques))).toEqual(cheques);
    expect(readCheques(null)).toEqual([]);
    expect(readCheques('')).toEqual([]);
    expect(writeCheques([])).toBeNull();
  });

  it('refuses text that is not a list of cheques', () => {
    for (const text of ['{', '{"id":1}', '[1]', '[[]]', '[{"serial":{"x":1}}]', 42, JSON.stringify(Array.from({ length: 21 }, () => ({})))])
      expect(readCheques(text)).toBeNull();
  });

  it('names each missing or wrong part of a cheque, and takes Persian digits and separators in the amount', () => {
    expect(
      checkCheques([
        { id, serial: ' ', bank: null, dueDate: '2026-13-45', amount: '0' },
        { id, serial: 'x'.repeat(31), bank: 'b'.repeat(61), dueDate: null, amount: 'abc' },
      ]),
    ).toEqual({
      problems: {
        'cheques.0.serial': 'required',
        'cheques.0.dueDate': 'format',
        'cheques.0.amount': 'range',
        'cheques.1.id': 'format',
        'cheques.1.serial': 'range',
        'cheques.1.bank': 'range',
        'cheques.1.dueDate': 'required',
        'cheques.1.amount': 'format',
      },
    });
    expect(checkCheques([{ id: other.toUpperCase(), serial: ' 77 ', bank: '', dueDate: '2027-01-01', amount: '۱٬۲۰۰٬۰۰۰' }])).toEqual({
      cheques: [{ id: other, serial: '77', bank: null, dueDate: '2027-01-01', amount: '1200000' }],
    });
  });

  it('adds up exactly beyond 2^53', () => {
    expect(chequesTotal([{ amount: '9007199254740993' }, { amount: '1' }, { amount: '' }])).toBe(9007199254740994n);
  });
});
