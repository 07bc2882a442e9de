import { describe, expect, it } from 'vitest';
import { asDocument, defineEntity } from '../../src/contract/entity.ts';
import { fieldApplies } from '../../src/contract/fields.ts';
import { checkDocument, fillLines, type LineValues } from '../../src/panel/document/documentValues.ts';
import { applyingFields, checkValues, editableFields } from '../../src/panel/entity/formValues.ts';
import { Payment } from '../../modules/MarketAccounting/entities/documents.ts';
import { Sale } from '../../modules/NagemManagement/entities/sale.ts';

const label = { id: 'x', message: 'X' };
const methods = [
  { value: 'cash', label },
  { value: 'cheque', label },
] as const;

describe('conditional fields', () => {
  it('apply while their sibling select holds one of the named values, and never on an empty or unknown one', () => {
    const serial = { appliesWhen: { field: 'method', is: ['cheque'] } };
    expect(fieldApplies(serial, { method: 'cheque' })).toBe(true);
    expect(fieldApplies(serial, { method: 'cash' })).toBe(false);
    expect(fieldApplies(serial, { method: null })).toBe(false);
    expect(fieldApplies(serial, {})).toBe(false);
    expect(fieldApplies({}, { method: 'cash' })).toBe(true);
  });

  it('are refused at declaration when the condition names no select, an option it lacks, or the field is required', () => {
    const declare = (serial: object) => () =>
      defineEntity({
        module: 'Test',
        name: 'Pay',
        label,
        pluralLabel: label,
        fields: {
          method: { kind: 'select', label, options: methods },
          note: { kind: 'text', label },
          serial: { kind: 'text', label, ...serial },
        },
        titleField: 'note',
        listFields: [],
        searchFields: [],
        indexes: [],
        defaultSort: { field: 'note', direction: 'asc' },
      });
    expect(declare({ appliesWhen: { field: 'method', is: ['cheque'] } })).not.toThrow();
    expect(declare({ appliesWhen: { field: 'note', is: ['cheque'] } })).toThrow(/must name a select/);
    expect(declare({ appliesWhen: { field: 'nothing', is: ['cheque'] } })).toThrow(/must name a select/);
    expect(declare({ appliesWhen: { field: 'method', is: ['card'] } })).toThrow(/names card option/);
    expect(declare({ appliesWhen: { field: 'method', is: ['cheque'] }, required: true })).toThrow(/not required/);
  });

  it('show a payment line’s cash box on cash and the cheque’s details only on a cheque line', () => {
    const lines = Object.entries(Payment.document!.lines);
    const shown = (method: string | null) => applyingFields(lines, { method }).map(([name]) => name);
    expect(shown('cash')).toEqual(['method', 'amount', 'cashBoxId']);
    expect(shown('transfer')).toEqual(['method', 'amount', 'bankAccountId']);
    expect(shown('cheque')).toEqual(['method', 'amount', 'bankAccountId', 'chequeBank', 'chequeSerial', 'dueDate']);
    expect(shown(null)).toEqual(['method', 'amount']);
  });

  it('write what was typed into a field that stopped applying as empty: a cash line keeps no cheque serial', () => {
    const header = { direction: 'in', date: '2026-11-26', partyId: '0d5c8f86-5a37-4e8e-9a51-2c1b1c7d0e11', note: '' };
    const line = (method: string): LineValues => ({
      id: '6f1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b',
      method,
      amount: '5000',
      cashBoxId: null,
      bankAccountId: null,
      chequeBank: 'ملت',
      chequeSerial: '123456',
      dueDate: '2026-12-01',
    });
    const cash = checkDocument(asDocument(Payment), { header, lines: [line('cash')] });
    expect(cash).toEqual({
      values: expect.objectContaining({
        lines: [expect.objectContaining({ method: 'cash', chequeBank: null, chequeSerial: null, dueDate: null })],
      }),
    });
    const cheque = checkDocument(asDocument(Payment), { header, lines: [line('cheque')] });
    expect(cheque).toEqual({
      values: expect.objectContaining({
        lines: [expect.objectContaining({ method: 'cheque', chequeBank: 'ملت', chequeSerial: '123456', dueDate: '2026-12-01' })],
      }),
    });
  });

  it('ask for a sale’s reason lost only once it is lost', () => {
    const fields = editableFields(Sale);
    expect(applyingFields(fields, { stage: 'lead' }).map(([name]) => name)).not.toContain('lostReason');
    expect(applyingFields(fields, { stage: 'lost' }).map(([name]) => name)).toContain('lostReason');
    const values = {
      customerId: '0d5c8f86-5a37-4e8e-9a51-2c1b1c7d0e11',
      date: '2026-11-26',
      stage: 'lead',
      lostReason: 'گران بود',
      agentMemberId: null,
      note: '',
    };
    expect(checkValues(Sale, values)).toEqual({ values: expect.objectContaining({ stage: 'lead', lostReason: null }) });
    expect(checkValues(Sale, { ...values, stage: 'lost' })).toEqual({
      values: expect.objectContaining({ stage: 'lost', lostReason: 'گران بود' }),
    });
  });
});

describe('filling a line from what was picked on it', () => {
  const fill = (line: LineValues, before: LineValues | undefined) =>
    line.productId !== before?.productId ? { ...line, unitPrice: '40000' } : line;

  it('passes only the changed lines through the fill, and keeps what the person typed afterwards', () => {
    const first: LineValues = { id: 'a', productId: null, unitPrice: '' };
    const second: LineValues = { id: 'b', productId: 'tea', unitPrice: '39000' };
    const picked = fillLines([{ ...first, productId: 'tea' }, second], [first, second], {}, fill);
    expect(picked).toEqual([{ id: 'a', productId: 'tea', unitPrice: '40000' }, second]);
    expect(picked[1]).toBe(second);
    const typed = fillLines([{ ...picked[0]!, unitPrice: '38000' }, second], picked, {}, fill);
    expect(typed[0]!.unitPrice).toBe('38000');
    expect(fillLines(picked, picked, {}, undefined)).toBe(picked);
  });
});
