/**
 * The books-and-stock audit on the owner's settings screen (issue 22): the owner runs it and sees
 * that the books agree, or each difference with a link to the document that caused it; nobody
 * else is offered it.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import PanelManagement from '../../module.ts';
import { booksAuditEndpoint, type BooksAuditResult } from '@/contract/booksAudit.ts';
import { modulePaths } from '@/contract/module.ts';
import { PANEL_SETTINGS_PERMISSION } from '@/contract/panels.ts';
import { modulePath } from '@/contract/routes.ts';
import { PanelDetails } from '../../client/screens/PanelDetails.tsx';
import { envelope, fakeApi } from '../../../../tests/unit/fakeApi.ts';
import { aPanel, renderInPanel } from '../../../../tests/unit/panelFixture.tsx';

const url = modulePaths(PanelManagement).details;
const receiptId = '3f7c1c6e-8d1e-4e57-9a43-1b2d7f0c9a11';

const differing: BooksAuditResult = {
  compared: 1234,
  checks: ['WarehousingMVM.stockBalances', 'WarehousingMVM.movesFromDocuments'],
  ranAt: '2026-11-26T10:00:00Z',
  differences: [
    {
      check: 'WarehousingMVM.movesFromDocuments',
      entity: 'WarehousingMVM/StockMove',
      rowId: '0b0c7a8e-5d0f-5a1e-8c3b-7a9d2e4f6a10',
      document: { type: 'WarehousingMVM/Receipt', id: receiptId, number: 'RC-1405-00001' },
      expected: 'product p quantity 2.500 value 3000000',
      found: 'product p quantity 999.000 value 3000000',
      problem: 'the stock move of line 1 is not what the document says',
    },
  ],
};

describe('the books audit on the panel’s settings', { timeout: 30_000 }, () => {
  it('runs for the owner and says so when the books agree', async () => {
    const api = fakeApi();
    api.on(
      'GET',
      booksAuditEndpoint.path,
      envelope({ compared: 42, checks: ['WarehousingMVM.stockBalances'], differences: [], ranAt: '2026-11-26T10:00:00Z' }),
    );
    const { user } = await renderInPanel(<PanelDetails />, { api, url });
    const section = await screen.findByRole('region', { name: 'بازبینی دفاتر و موجودی' });
    await user.click(within(section).getByRole('button', { name: 'بازبینی کن' }));
    expect(await within(section).findByText('دفاتر با اسنادشان یکی است: ۴۲ ردیف مقایسه شد و اختلافی نیست.')).toBeTruthy();
    expect(api.callsTo('GET', booksAuditEndpoint.path)).toHaveLength(1);
  });

  it('lists each difference with its document, linked to the document’s page', async () => {
    const api = fakeApi();
    api.on('GET', booksAuditEndpoint.path, envelope(differing));
    const { user } = await renderInPanel(<PanelDetails />, { api, url });
    const section = await screen.findByRole('region', { name: 'بازبینی دفاتر و موجودی' });
    await user.click(within(section).getByRole('button', { name: 'بازبینی کن' }));
    expect(await within(section).findByText(/۱ اختلاف میان دفاتر و اسنادشان/)).toBeTruthy();
    const list = within(section).getByRole('list', { name: 'اختلاف‌ها' });
    const link = within(list).getByRole('link', { name: 'رسید RC-1405-00001' });
    expect(link.getAttribute('href')).toBe(`${modulePath('WarehousingMVM', 'Receipt/ReceiptDetails')}?id=${receiptId}`);
    expect(within(list).getByText('product p quantity 999.000 value 3000000')).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'بازبینی دوباره' })).toBeTruthy();
  });

  it('is not offered to a member, even one who may change the settings', async () => {
    const panel = aPanel({ isOwner: false, permissions: [PANEL_SETTINGS_PERMISSION], roleName: 'مدیر' });
    await renderInPanel(<PanelDetails />, { panel, url });
    await screen.findByRole('button', { name: 'ذخیره' });
    expect(screen.queryByRole('region', { name: 'بازبینی دفاتر و موجودی' })).toBeNull();
  });
});
