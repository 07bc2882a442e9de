import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { checkDocument, emptyLine, initialDocument } from '../../src/panel/document/documentValues.ts';
import { initialValues } from '../../src/panel/entity/formValues.ts';
import { SelectField } from '../../src/ui/SelectField.tsx';
import type { DocumentSpec } from '../../src/contract/entity.ts';
import { Payment as PaymentEntity } from '../../modules/MarketAccounting/entities/documents.ts';

const Payment = PaymentEntity as typeof PaymentEntity & { document: DocumentSpec };
import { renderApp } from './renderApp.tsx';

const methods = [
  { value: 'cash', label: 'نقد' },
  { value: 'cheque', label: 'چک' },
];

function Held({ onValue }: { onValue: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <SelectField
      label="By"
      required
      options={methods}
      value={value}
      onChange={(e) => {
        setValue(e.target.value);
        onValue(e.target.value);
      }}
    />
  );
}

describe('a select never shows a value the form does not hold', () => {
  it('an empty required select shows an empty choice, not its first option', async () => {
    await renderApp(<Held onValue={() => {}} />);
    const select = screen.getByRole('combobox', { name: 'By' }) as HTMLSelectElement;
    expect(select.value).toBe('');
    expect(select.selectedOptions[0]?.value).toBe('');
    expect(select.selectedOptions[0]?.textContent).toBe('انتخاب کنید…');
  });

  it('choosing the first option is a change the form hears', async () => {
    const seen: string[] = [];
    const { user } = await renderApp(<Held onValue={(v) => seen.push(v)} />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'By' }), 'نقد');
    expect(seen).toEqual(['cash']);
  });

  it('a select whose value is one of its options shows no empty choice', async () => {
    await renderApp(<SelectField label="By" options={methods} value="cheque" onChange={() => {}} />);
    const select = screen.getByRole('combobox', { name: 'By' }) as HTMLSelectElement;
    expect(Array.from(select.options).map((o) => o.value)).toEqual(['cash', 'cheque']);
    expect(select.selectedOptions[0]?.value).toBe('cheque');
  });
});

describe('a required choice holds the option its select shows', () => {
  it('a new receipt line holds «cash», and a line with an amount submits without "required"', () => {
    const line = emptyLine(Payment.document);
    expect(line.method).toBe('cash');
    const values = initialDocument(Payment, null, { direction: 'in', date: '2026-11-26', partyId: '0b8f8d1e-5c1a-4a57-9b1e-2b1f4b3c9d10' });
    values.lines = [{ ...values.lines[0]!, amount: '185000' }, emptyLine(Payment.document)];
    const checked = checkDocument(Payment, values);
    expect(checked).toHaveProperty('values');
    if (!('values' in checked)) return;
    // The spare line, holding only what it started with, is left out.
    expect(checked.values.lines).toEqual([expect.objectContaining({ method: 'cash', amount: 185000 })]);
  });

  it("a new document's required header choice holds its first option", () => {
    expect(initialValues(Payment).direction).toBe('in');
  });
});
