/**
 * Issue 14, item 13: a session the server ends (a 401) leaves the person's panel data on the
 * device, and on a shared phone the next person must be able to erase it: the login page offers
 * to, saying how many changes in it have not reached the server.
 */
import { act, screen, waitFor } from '@testing-library/react';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { AuthLayout } from '../../src/app/layout/AuthLayout.tsx';
import { endSessionAndGoToLogin } from '../../src/app/startSession.ts';
import { Role } from '../../src/contract/entities/panelManagement.ts';
import { paths } from '../../src/contract/routes.ts';
import { syncEndpoints } from '../../src/contract/sync.ts';
import { createRow } from '../../src/storage/localWrites.ts';
import { closePanelData } from '../../src/storage/panelData.ts';
import { failure, fakeApi } from './fakeApi.ts';
import { renderInPanel } from './panelFixture.tsx';
import { renderApp } from './renderApp.tsx';

describe('after the server ended a session', () => {
  it('the login page offers to erase the data left on the device, warning about changes not sent', async () => {
    const api = fakeApi();
    api.on('POST', syncEndpoints.push.path, failure(503, 9403));
    const inPanel = await renderInPanel(<p>panel</p>, { api });
    await act(() => createRow(inPanel.data.db, Role, { name: 'انباردار' }));
    const name = inPanel.data.db.name;
    act(() => endSessionAndGoToLogin());
    inPanel.unmount();
    closePanelData();
    expect(await Dexie.getDatabaseNames()).toContain(name);

    const { user } = await renderApp(
      <AuthLayout>
        <p>login form</p>
      </AuthLayout>,
      { url: paths.auth.login, api },
    );
    expect(await screen.findByText('داده‌های یک ورود پیشین هنوز روی این دستگاه است')).toBeTruthy();
    expect(screen.getByText(/۱ تغییر در آن هنوز به سرور نرسیده است/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'پاک کردن از این دستگاه' }));
    expect(await screen.findByText('داده‌ها از این دستگاه پاک شد.')).toBeTruthy();
    await waitFor(async () => expect(await Dexie.getDatabaseNames()).not.toContain(name));
  });

  it('says nothing when no data is left on the device', async () => {
    await renderApp(
      <AuthLayout>
        <p>login form</p>
      </AuthLayout>,
      { url: paths.auth.login },
    );
    await screen.findByText('login form');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText('داده‌های یک ورود پیشین هنوز روی این دستگاه است')).toBeNull();
  });
});
