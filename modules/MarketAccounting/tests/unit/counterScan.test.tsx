/**
 * The counter sale takes a scanner that types (a keyboard wedge): the code typed into the search
 * field and Enter put its product in the cart and empty the field for the next one. A code no
 * product has yet is said, and taken once its product reaches the device.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { entityByKey } from '../../../../src/contract/modules.ts';
import { aPanel, aRow, renderInPanel, seed } from '../../../../tests/unit/panelFixture.tsx';
import { CounterSale } from '../../client/screens/CounterSale.tsx';

const Product = entityByKey('WarehousingMVM/Product')!;

describe('the counter sale with a scanner that types', () => {
  it('puts the product of the barcode typed and Entered in the cart, once more on a second scan; says a code nothing has, and takes it when its product arrives', async () => {
    const panel = aPanel({ modules: ['PanelManagement', 'MarketAccounting', 'WarehousingMVM'] });
    const { user, data } = await renderInPanel(<CounterSale />, { panel, locale: 'en' });
    await seed(data, Product, [
      aRow({ name: 'Tea', code: 'TEA', unit: 'piece', salePrice: 120_000, active: true, barcodes: ['6260000000017'] }),
      aRow({ name: 'Sugar', code: 'SUGAR', unit: 'piece', salePrice: 80_000, active: true, barcodes: ['6260000000024'] }),
    ]);
    const field = (await screen.findByLabelText('Search products')) as HTMLInputElement;
    const cart = screen.getByRole('list', { name: 'Cart' });

    await user.type(field, '6260000000024{Enter}');
    await waitFor(() =>
      expect(
        within(cart)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual([expect.stringContaining('Sugar')]),
    );
    expect(field.value).toBe('');

    await user.type(field, '6260000000024{Enter}');
    await user.type(field, 'TEA{Enter}');
    await waitFor(() => expect(within(cart).getAllByRole('listitem')).toHaveLength(2));
    const [sugar, tea] = within(cart).getAllByRole('listitem');
    expect(within(sugar!).getByText('2')).toBeTruthy();
    expect(tea!.textContent).toContain('Tea');

    // A code nothing has is said, and keeps what was typed, selected: for the person to see and
    // correct, or for the next scan to replace.
    await user.type(field, '۹۹۹{Enter}');
    await screen.findByText(/No product on this device has the code/);
    expect(screen.getByText('999').closest('bdi')?.getAttribute('dir')).toBe('ltr');
    expect(field.value).toBe('۹۹۹');
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, 3]);
    expect(within(cart).getAllByRole('listitem')).toHaveLength(2);

    // The product arrives (added on another device, pulled here) while the message stands: it goes into the cart, once.
    const juice = aRow({ name: 'Juice', code: 'JUICE', unit: 'piece', salePrice: 50_000, active: true, barcodes: ['999'] });
    await seed(data, Product, [juice]);
    await waitFor(() => expect(within(cart).getAllByRole('listitem')).toHaveLength(3));
    expect(within(cart).getAllByRole('listitem')[2]!.textContent).toContain('Juice');
    expect(screen.queryByText(/No product on this device has the code/)).toBeNull();
    await seed(data, Product, [{ ...juice, version: 2, name: 'Orange juice' }]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(within(cart).getAllByRole('listitem')).toHaveLength(3);
  });
});
