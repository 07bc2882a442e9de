import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ModuleNotEnabled } from '../../src/app/ModuleNotEnabled.tsx';
import { NotFoundPage } from '../../src/app/errors/NotFoundPage.tsx';
import { ServerErrorPage } from '../../src/app/errors/ServerErrorPage.tsx';
import { Role } from '../../src/contract/entities/panelManagement.ts';
import { syncEndpoints, type PullResponse } from '../../src/contract/sync.ts';
import { clientModule } from '../../src/panel/modules.ts';
import { EntityFormPage } from '../../src/panel/entity/EntityFormPage.tsx';
import { envelope, fakeApi } from './fakeApi.ts';
import { aPanel, aRow, renderInPanel } from './panelFixture.tsx';
import { renderApp } from './renderApp.tsx';

const pagePath = '/User/Panel/Module/PanelManagement/RoleForm';
const text = () => document.body.textContent ?? '';

function rolePage() {
  return <EntityFormPage entity={Role} after={() => '/'} back="/roles" />;
}

function pulled(rows: ReturnType<typeof aRow>[] = []): PullResponse {
  return { changes: rows.map((row) => ({ entity: Role.key, row })), cursor: rows.length, hasMore: false };
}

describe('the generic error page (spec section 2)', () => {
  it('says “Page not found: {path}” for an unmatched route, under the title Page Not Found with the code 404', async () => {
    await renderApp(<NotFoundPage />, { url: '/no/such/page', locale: 'en' });
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    expect(text()).toContain('404');
    expect(text()).toContain('Page not found: /no/such/page');
    expect(document.title).toMatch(/^Page Not Found/);
  });

  it('is titled Internal Server Error for anything else, with its code, message and description', async () => {
    await renderApp(<ServerErrorPage description="The report could not be drawn." />, { url: '/', locale: 'en' });
    expect(screen.getByRole('heading', { name: 'Internal Server Error' })).toBeTruthy();
    expect(text()).toContain('500');
    expect(text()).toContain('Something went wrong on our side.');
    expect(text()).toContain('The report could not be drawn.');
  });

  it('speaks Persian by default, with the path kept left to right', async () => {
    await renderApp(<NotFoundPage />, { url: '/no/such/page', locale: 'fa' });
    expect(screen.getByRole('heading', { name: 'صفحه پیدا نشد' })).toBeTruthy();
    expect(text()).toContain('صفحه پیدا نشد: /no/such/page');
    expect([...document.querySelectorAll('bdi[dir="ltr"]')].map((b) => b.textContent)).toEqual(['۴۰۴', '/no/such/page']);
  });
});

describe('a page whose validity check fails is a 404 “Page Not Found: {path}” (spec sections 4 and 8)', () => {
  it('when the record its address names exists neither on the device nor on the server', async () => {
    const id = crypto.randomUUID();
    await renderInPanel(rolePage(), { url: `${pagePath}?id=${id}`, locale: 'en' });
    await screen.findByRole('heading', { name: 'Page Not Found' }, { timeout: 5000 });
    expect(text()).toContain(`Page Not Found: ${pagePath}?id=${id}`);
    expect(text()).toContain('There is no role with this address');
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/roles');
  });

  it('does not say not found while the sync that brings the record is still running, and shows it once pulled', async () => {
    const row = aRow({ name: 'Storekeeper', description: '', parentRoleId: null, permissions: [] });
    let answer: (response: Response) => void = () => {};
    const api = fakeApi();
    api.on('GET', syncEndpoints.pull.path, () => new Promise<Response>((resolve) => (answer = resolve)));
    await renderInPanel(rolePage(), { url: `${pagePath}?id=${row.id}`, locale: 'en', api });
    await waitFor(() => expect(api.callsTo('GET', syncEndpoints.pull.path)).toHaveLength(1));
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(text()).not.toContain('Page Not Found');
    answer(envelope(pulled([row])));
    expect(await screen.findByDisplayValue('Storekeeper', undefined, { timeout: 5000 })).toBeTruthy();
    expect(text()).not.toContain('Page Not Found');
  });

  it('says the server could not be asked when the device is offline, and shows the record once it arrives', async () => {
    const row = aRow({ name: 'Cashier', description: '', parentRoleId: null, permissions: [] });
    const api = fakeApi();
    api.on('GET', syncEndpoints.pull.path, new TypeError('Failed to fetch'));
    const { data } = await renderInPanel(rolePage(), { url: `${pagePath}?id=${row.id}`, locale: 'en', api });
    await screen.findByRole('heading', { name: 'Page Not Found' }, { timeout: 10_000 });
    expect(text()).toContain('This role is not on this device, and the server could not be asked for it.');
    api.on('GET', syncEndpoints.pull.path, envelope(pulled([row])));
    await data.engine.syncNow();
    expect(await screen.findByDisplayValue('Cashier', undefined, { timeout: 5000 })).toBeTruthy();
  });

  it('when a module page’s module is off in this panel, saying what the module does and how to enable it', async () => {
    const part = clientModule('WarehousingMVM')!;
    const path = '/User/Panel/Module/WarehousingMVM/Product/listProduct';
    await renderInPanel(<ModuleNotEnabled part={part} />, { url: path, locale: 'en', panel: aPanel({ modules: ['PanelManagement'] }) });
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    expect(text()).toContain(`Page Not Found: ${path}`);
    expect(text()).toMatch(/module is not enabled in this panel/);
    expect(screen.getByRole('link', { name: 'Enable modules' })).toBeTruthy();
  });
});
