/**
 * The notification settings (decision 047): each kind the person can receive with inbox only,
 * push, or SMS where its module offers it; quiet hours; saved to the server, or kept on the device
 * while offline and sent when it is back online.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { notificationPreferencesEndpoints as endpoints, type NotificationPreferences } from '../../src/contract/notificationPreferences.ts';
import { NotificationSettings } from '../../src/features/notifications/NotificationSettings.tsx';
import { readStored } from '../../src/storage/notificationPreferences.ts';
import { envelope, fakeApi } from './fakeApi.ts';
import { renderApp } from './renderApp.tsx';

const PANEL = 'SHOP0001';

const preferences: NotificationPreferences = {
  kinds: [
    {
      kind: 'PanelManagement/invitationAccepted',
      title: { id: 'notify.invitationAccepted.title', message: 'Someone accepted my invitation to the panel' },
      sms: true,
      byDefault: 'push',
      channel: 'push',
    },
    {
      kind: 'HumanResource/punchToReview',
      title: { id: 'hr.notify.punchToReview.title', message: 'A punch waits for my review' },
      sms: false,
      byDefault: 'push',
      channel: 'push',
    },
  ],
  quietHours: null,
  smsAvailable: true,
  mobileVerified: true,
};

function online(on: boolean): void {
  Object.defineProperty(navigator, 'onLine', { value: on, configurable: true });
  window.dispatchEvent(new Event(on ? 'online' : 'offline'));
}

afterEach(() => {
  localStorage.clear();
  online(true);
});

async function open() {
  const api = fakeApi();
  api.on('GET', endpoints.get.path, envelope(preferences));
  const rendered = await renderApp(<NotificationSettings />, { user: {}, panel: PANEL, api });
  await screen.findByRole('group', { name: 'کسی دعوت مرا به پنل پذیرفت' });
  return { ...rendered, api };
}

describe('the notification settings', () => {
  it('offer SMS only for the kinds worth one, and save each choice and the quiet hours', async () => {
    const { api, user } = await open();
    const invitation = screen.getByRole('group', { name: 'کسی دعوت مرا به پنل پذیرفت' });
    expect(
      within(invitation)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['فقط صندوق', 'صندوق و اعلان روی گوشی', 'صندوق و پیامک']);
    const punches = screen.getAllByRole('group')[1]!;
    expect(within(punches).queryByRole('radio', { name: 'صندوق و پیامک' })).toBeNull();
    await user.click(within(invitation).getByRole('radio', { name: 'صندوق و پیامک' }));
    await user.click(within(punches).getByRole('radio', { name: 'فقط صندوق' }));
    await user.click(screen.getByRole('checkbox', { name: 'در این ساعت‌ها نه اعلان بفرست نه پیامک' }));
    expect(screen.getByText(/به وقت تهران، از ۲۲:۰۰ تا ۰۷:۰۰/)).toBeTruthy();
    api.on('PUT', endpoints.save.path, envelope(preferences));
    await user.click(screen.getByRole('button', { name: 'ذخیره تنظیمات اعلان‌ها' }));
    await waitFor(() => expect(api.callsTo('PUT', endpoints.save.path)).toHaveLength(1));
    expect(api.callsTo('PUT', endpoints.save.path)[0]!.body).toEqual({
      channels: { 'PanelManagement/invitationAccepted': 'sms', 'HumanResource/punchToReview': 'inbox' },
      quietHours: { from: 22 * 60, to: 7 * 60 },
      lang: 'fa',
    });
    expect(api.callsTo('PUT', endpoints.save.path)[0]!.headers.get('X-Panel-Code')).toBe(PANEL);
  });

  it('refuse quiet hours that start as they end', async () => {
    const { user } = await open();
    await user.click(screen.getByRole('checkbox', { name: 'در این ساعت‌ها نه اعلان بفرست نه پیامک' }));
    const to = screen.getByLabelText('تا');
    await user.clear(to);
    await user.type(to, '22:00');
    expect(screen.getByRole('alert').textContent).toBe('شروع و پایان ساعت‌های سکوت باید متفاوت باشد.');
    expect((screen.getByRole('button', { name: 'ذخیره تنظیمات اعلان‌ها' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('keep an offline change on the device and send it when the device is back online', async () => {
    const { api, user } = await open();
    api.on('PUT', endpoints.save.path, envelope(preferences));
    online(false);
    const punches = screen.getAllByRole('group')[1]!;
    await user.click(within(punches).getByRole('radio', { name: 'فقط صندوق' }));
    await user.click(screen.getByRole('button', { name: 'ذخیره تنظیمات اعلان‌ها' }));
    expect(await screen.findByText('تغییرات شما روی این گوشی نگه داشته شده و وقتی دوباره آنلاین شود ذخیره می‌شود.')).toBeTruthy();
    expect(readStored(PANEL).pending?.channels['HumanResource/punchToReview']).toBe('inbox');
    expect(api.callsTo('PUT', endpoints.save.path)).toHaveLength(0);
    await act(async () => online(true));
    await waitFor(() => expect(api.callsTo('PUT', endpoints.save.path)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText(/روی این گوشی نگه داشته شده/)).toBeNull());
    expect(readStored(PANEL).pending).toBeNull();
    expect(api.callsTo('PUT', endpoints.save.path)[0]!.body).toMatchObject({ channels: { 'HumanResource/punchToReview': 'inbox' } });
  });
});
