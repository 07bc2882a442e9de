import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable, type DataColumn } from '../../src/ui/DataTable.tsx';
import { renderApp } from './renderApp.tsx';

interface Account {
  id: string;
  code: string;
  name: string;
  debit: string;
  credit: string;
}

const rows: Account[] = [
  { id: 'a', code: '1101', name: 'صندوق', debit: '۱۲٬۵۰۰٬۰۰۰', credit: '' },
  { id: 'b', code: '3101', name: 'Capital', debit: '', credit: '۲۱۰٬۰۰۰٬۰۰۰' },
];

const columns: DataColumn<Account>[] = [
  { id: 'code', header: 'کد', kind: 'code', cell: (r) => r.code },
  { id: 'name', header: 'حساب', title: true, cell: (r) => r.name },
  { id: 'debit', header: 'بدهکار', kind: 'figure', key: true, cell: (r) => r.debit, footer: '۱۲٬۵۰۰٬۰۰۰' },
  { id: 'credit', header: 'بستانکار', kind: 'figure', key: true, cell: (r) => r.credit, footer: '۲۱۰٬۰۰۰٬۰۰۰' },
];

/** jsdom has no layout: the screen's width is what `matchMedia` answers. */
function screenWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: width >= Number(/min-width: (\d+)px/.exec(query)?.[1] ?? 0),
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the data table', () => {
  it('is a table on a wide screen in a named, focusable region, each row named by its title, key figures marked', async () => {
    screenWidth(1280);
    await renderApp(<DataTable label="تراز آزمایشی" columns={columns} rows={rows} rowKey={(r) => r.id} footerLabel="جمع" />);
    const region = screen.getByRole('region', { name: 'تراز آزمایشی' });
    expect(region.tabIndex).toBe(0);
    const table = within(region).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['کد', 'حساب', 'بدهکار', 'بستانکار']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['صندوق', 'Capital', 'جمع']);
    const capital = within(table).getByRole('rowheader', { name: 'Capital' }).closest('tr')!;
    const marked = capital.querySelectorAll('[data-key-figure]');
    expect([...marked].map((c) => c.textContent)).toEqual(['', '۲۱۰٬۰۰۰٬۰۰۰']);
    // Codes and figures are one-line left-to-right islands; words take their own direction.
    expect(within(capital).getByText('3101').closest('bdi')?.getAttribute('dir')).toBe('ltr');
    expect(within(capital).getByText('۲۱۰٬۰۰۰٬۰۰۰').closest('bdi')?.className).toContain('whitespace-nowrap');
    expect(within(capital).getByText('Capital').getAttribute('dir')).toBe('auto');
  });

  it('is a card per row on a phone: the name first, its key figures beside it, empty ones left out, the rest labelled below', async () => {
    screenWidth(360);
    await renderApp(<DataTable label="تراز آزمایشی" columns={columns} rows={rows} rowKey={(r) => r.id} footerLabel="جمع" />);
    expect(screen.queryByRole('table')).toBeNull();
    const list = screen.getByRole('list', { name: 'تراز آزمایشی' });
    const [cash, capital, total] = within(list).getAllByRole('listitem');
    expect([...cash!.querySelectorAll('[data-key-figure]')].map((c) => c.textContent)).toEqual(['۱۲٬۵۰۰٬۰۰۰']);
    expect([...capital!.querySelectorAll('[data-key-figure]')].map((c) => c.textContent)).toEqual(['۲۱۰٬۰۰۰٬۰۰۰']);
    expect(within(capital!).getByText('بستانکار')).toBeTruthy();
    expect(within(capital!).getByText('کد').nextElementSibling?.textContent).toBe('3101');
    expect(total!.textContent).toContain('جمع');
    expect(total!.querySelectorAll('[data-key-figure]')).toHaveLength(2);
  });

  it('opens a row onto its breakdown, and closes it again, on either layout', async () => {
    for (const width of [1280, 360]) {
      screenWidth(width);
      const { user, unmount } = await renderApp(
        <DataTable
          label="موجودی"
          columns={columns}
          rows={rows}
          rowKey={(r) => r.id}
          expand={{ label: (r) => `جای ${r.name}`, render: (r) => <p>بچ‌های {r.name}</p>, has: (r) => r.id === 'a' }}
        />,
      );
      expect(screen.getAllByRole('button', { name: /^جای/ })).toHaveLength(1);
      const toggle = screen.getByRole('button', { name: 'جای صندوق' });
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
      await user.click(toggle);
      expect(toggle.getAttribute('aria-expanded')).toBe('true');
      expect(screen.getByText('بچ‌های صندوق').closest('[id]')?.id).toBe(toggle.getAttribute('aria-controls'));
      await user.click(toggle);
      expect(screen.queryByText('بچ‌های صندوق')).toBeNull();
      unmount();
    }
  });

  it('opens a row from its name or a click on it, and sorts by a column when the screen sorts', async () => {
    screenWidth(1280);
    const onOpen = vi.fn();
    const onSort = vi.fn();
    const sortable = columns.map((c) => ({ ...c, sortable: true }));
    const { user } = await renderApp(
      <DataTable
        label="حساب‌ها"
        columns={sortable}
        rows={rows}
        rowKey={(r) => r.id}
        onOpen={onOpen}
        sort={{ id: 'name', direction: 'asc' }}
        onSort={onSort}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Capital' }));
    expect(onOpen).toHaveBeenLastCalledWith(rows[1]);
    await user.click(screen.getByText('1101'));
    expect(onOpen).toHaveBeenLastCalledWith(rows[0]);
    expect(screen.getByRole('columnheader', { name: /حساب/ }).getAttribute('aria-sort')).toBe('ascending');
    await user.click(within(screen.getByRole('columnheader', { name: /حساب/ })).getByRole('button'));
    expect(onSort).toHaveBeenCalledWith({ id: 'name', direction: 'desc' });
  });

  it('draws only the rows in view of a long list', async () => {
    screenWidth(1280);
    const many = Array.from({ length: 1000 }, (_, i) => ({ ...rows[0]!, id: `r${i}`, name: `حساب ${i}` }));
    await act(async () => {
      await renderApp(
        <DataTable
          label="حساب‌ها"
          columns={columns}
          rows={many}
          rowKey={(r) => r.id}
          rowHeight={{ table: 48, card: 88 }}
          expand={{ label: (r) => `جای ${r.name}`, render: () => <p>جزئیات</p> }}
        />,
      );
    });
    const drawn = screen.getAllByRole('rowheader').length;
    expect(drawn).toBeGreaterThan(10);
    expect(drawn).toBeLessThan(60);
  });
});
