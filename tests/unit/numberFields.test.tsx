import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { MoneyField } from '../../src/panel/MoneyField.tsx';
import { CodeField } from '../../src/ui/CodeField.tsx';
import { NumberField } from '../../src/ui/NumberField.tsx';
import { aPanel, renderInPanel } from './panelFixture.tsx';
import { renderApp } from './renderApp.tsx';

/** The field and what its form holds, as a data attribute a test reads. */
function Held({ kind, decimals = 0 }: { kind: 'number' | 'money' | 'code'; decimals?: number }) {
  const [value, setValue] = useState('');
  return (
    <div data-testid="held" data-value={value}>
      {kind === 'number' && <NumberField label="Quantity" value={value} onChange={setValue} decimals={decimals} unit="کیلوگرم" />}
      {kind === 'money' && <MoneyField label="Amount" value={value} onChange={setValue} />}
      {kind === 'code' && <CodeField label="Mobile" value={value} onChange={setValue} />}
    </div>
  );
}

const held = () => screen.getByTestId('held').dataset.value;

describe('the number field', () => {
  it('shows Latin digits typed in fa as grouped Persian ones, and holds plain text', async () => {
    const { user } = await renderApp(<Held kind="number" decimals={3} />);
    const input = screen.getByLabelText('Quantity') as HTMLInputElement;
    await user.type(input, '12345.5');
    expect(input.value).toBe('۱۲٬۳۴۵٫۵');
    expect(held()).toBe('12345.5');
    expect(screen.getByText('کیلوگرم')).toBeTruthy();
  });

  it('shows a stored decimal as its value reads, without the column’s three places, and holds it unchanged', async () => {
    function Stored() {
      const [value, setValue] = useState('10.000');
      return (
        <div data-testid="held" data-value={value}>
          <NumberField label="VAT %" value={value} onChange={setValue} decimals={3} />
        </div>
      );
    }
    const { user } = await renderApp(<Stored />);
    const input = screen.getByLabelText('VAT %') as HTMLInputElement;
    expect(input.value).toBe('۱۰');
    expect(held()).toBe('10.000');
    await user.type(input, '.5');
    expect(input.value).toBe('۱۰٫۵');
    expect(held()).toBe('10.5');
  });

  it('takes a pasted amount in either digit set, with its separators', async () => {
    const { user } = await renderApp(<Held kind="number" />);
    const input = screen.getByLabelText('Quantity') as HTMLInputElement;
    await user.click(input);
    await user.paste('۱۸٬۵۰۰٬۰۰۰');
    expect(held()).toBe('18500000');
    await user.clear(input);
    await user.paste('18,500,000');
    expect(held()).toBe('18500000');
    expect(input.value).toBe('۱۸٬۵۰۰٬۰۰۰');
  });

  it('keeps the caret after the digit just typed in the middle', async () => {
    const { user } = await renderApp(<Held kind="number" />, { locale: 'en' });
    const input = screen.getByLabelText('Quantity') as HTMLInputElement;
    await user.type(input, '1234');
    expect(input.value).toBe('1,234');
    // Caret after the 2 ("1,2|34"), then a 5: "12,534" with the caret before the 3.
    input.setSelectionRange(3, 3);
    await user.type(input, '5', { initialSelectionStart: 3, initialSelectionEnd: 3 });
    expect(input.value).toBe('12,534');
    expect(input.selectionStart).toBe(4);
  });
});

describe('the money field', () => {
  it('takes rials in a rial panel, the unit named beside', async () => {
    const { user } = await renderInPanel(<Held kind="money" />);
    const input = screen.getByLabelText('Amount') as HTMLInputElement;
    await user.type(input, '185000');
    expect(input.value).toBe('۱۸۵٬۰۰۰');
    expect(held()).toBe('185000');
    expect(screen.getByText('ریال')).toBeTruthy();
  });

  it('takes tomans in a toman panel and holds ten times as many rials, a tenth of a toman included', async () => {
    const { user } = await renderInPanel(<Held kind="money" />, { panel: aPanel({ moneyUnit: 'toman' }) });
    await waitFor(() => expect(screen.getByText('تومان')).toBeTruthy());
    const input = screen.getByLabelText('Amount') as HTMLInputElement;
    await user.type(input, '۱۸۵۰۰٫۵');
    expect(input.value).toBe('۱۸٬۵۰۰٫۵');
    expect(held()).toBe('185005');
  });
});

describe('the code field', () => {
  it('shows a mobile number in Persian digits in fa and holds Latin ones, whichever set was typed', async () => {
    const { user } = await renderApp(<Held kind="code" />);
    const input = screen.getByLabelText('Mobile') as HTMLInputElement;
    await user.type(input, '0912۱۲۳4567');
    expect(input.value).toBe('۰۹۱۲۱۲۳۴۵۶۷');
    expect(held()).toBe('09121234567');
    expect(input.dir).toBe('ltr');
  });
});
