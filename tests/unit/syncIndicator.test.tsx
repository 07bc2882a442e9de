import { act, screen, waitFor, within } from '@testing-library/react';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { SyncIndicator } from '../../src/app/layout/SyncIndicator.tsx';
import { logOut } from '../../src/app/logOut.ts';
import { Role } from '../../src/contract/entities/panelManagement.ts';
import { endpoints } from '../../src/contract/endpoints.ts';
import { paths } from '../../src/contract/routes.ts';
import { syncEndpoints } from '../../src/contract/sync.ts';
import { readSession } from '../../src/session/session.ts';
import { createRow } from '../../src/storage/localWrites.ts';
import { envelope, failure, fakeApi } from './fakeApi.ts';
import { renderInPanel } from './panelFixture.tsx';

/** A server that is not reachable for pushes: every write stays queued. */
function unreachablePush() {
  const api = fakeApi();
  api.on('POST', syncEndpoints.push.path, failure(503, 9403));
  api.on('PUT', endpoints.logout.path, envelope(null));
  return api;
}

describe('the sync indicator', () => {
  it('counts the changes waiting to be sent and leads to sync problems', async () => {
    const { data, user } = await renderInPanel(<SyncIndicator />, { api: unreachablePush() });
    await act(() => createRow(data.db, Role, { name: 'انباردار' }));
    const badge = await screen.findByRole('button', { name: '۱ تغییر همگام نشده' });
    await act(() =>
      data.db.problems.put({
        mutationId: 99,
        entity: Role.key,
        op: 'create',
        id: 'x',
        at: '',
        code: 9107,
        message: '',
        held: [],
        rejectedAt: '',
      }),
    );
    // Problems do not hide what still waits to be sent.
    await user.click(await screen.findByRole('button', { name: 'مشکلات همگام‌سازی: ۱؛ ۱ تغییر همگام نشده' }));
    const link = await screen.findByRole('link', { name: 'بررسی مشکلات همگام‌سازی' });
    expect(link.getAttribute('href')).toBe(paths.syncProblems);
    expect(screen.getByText('در انتظار ارسال')).toBeTruthy();
    expect(badge).toBeTruthy();
  });
});

describe('joining a panel', () => {
  it('shows how far the first sync got, in the badge and its panel, in Persian digits', async () => {
    const api = unreachablePush();
    const role = {
      id: '00000000-0000-4000-8000-000000000001',
      version: 1,
      updatedAt: '2026-11-01T00:00:00.000Z',
      deleted: false,
      name: 'انباردار',
    };
    api.on(
      'GET',
      syncEndpoints.pull.path,
      envelope({
        changes: [{ entity: Role.key, row: role }],
        cursor: 0,
        hasMore: true,
        snapshot: 'next',
        progress: { done: 120_000, total: 260_000 },
      }),
      // The next page never comes: the device stays joining.
      () => new Promise<Response>(() => {}),
    );
    const { data, user } = await renderInPanel(<SyncIndicator />, { api });
    void data.engine.syncNow();
    const badge = await screen.findByRole('button', { name: /^آماده‌سازی پنل: ۴۶/ });
    expect(api.callsTo('GET', syncEndpoints.pull.path)[0]!.query.get('snapshot')).toBe('');
    await user.click(badge);
    const bar = await screen.findByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('46');
    expect(screen.getByText(/آماده‌سازی این پنل روی این دستگاه: ۴۶.*\(۱۲۰٬۰۰۰ از ۲۶۰٬۰۰۰ ردیف\)/)).toBeTruthy();
    await waitFor(async () =>
      expect((await data.db.syncState.toArray())[0]?.snapshot).toEqual({ token: 'next', done: 120_000, total: 260_000 }),
    );
  });
});

describe('logging out', () => {
  it('with changes not yet sent, says so and lets the person stay signed in', async () => {
    const { data, user } = await renderInPanel(<SyncIndicator />, { api: unreachablePush() });
    await act(() => createRow(data.db, Role, { name: 'انباردار' }));
    const leaving = logOut();
    const dialog = await screen.findByRole('dialog', { name: 'برخی تغییرات به سرور نرسیده‌اند' });
    expect(within(dialog).getByText('۱ تغییرِ ذخیره‌شده روی این دستگاه هنوز در انتظار ارسال است.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'وارد بمانید' }));
    await act(() => leaving);
    expect(readSession().token).toBeTruthy();
    expect(await data.db.outbox.count()).toBe(1);
  });

  it('with changes not yet sent, keeps the data on the device unless the person chooses to erase it', async () => {
    const { data, user } = await renderInPanel(<SyncIndicator />, { api: unreachablePush() });
    await act(() => createRow(data.db, Role, { name: 'انباردار' }));
    const name = data.db.name;
    const leaving = logOut();
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByRole('checkbox', { name: /داده‌هایم از این دستگاه پاک شود/ }) as HTMLInputElement).checked).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'خروج' }));
    await act(() => leaving);
    expect(readSession().token).toBeNull();
    expect(await Dexie.getDatabaseNames()).toContain(name);
  });

  it('when the person erases the unsent changes, ends the session and deletes the panel’s data from the device', async () => {
    const { data, user, username } = await renderInPanel(<SyncIndicator />, { api: unreachablePush() });
    await act(() => createRow(data.db, Role, { name: 'انباردار' }));
    const name = data.db.name;
    const leaving = logOut();
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('checkbox', { name: /داده‌هایم از این دستگاه پاک شود/ }));
    await user.click(within(dialog).getByRole('button', { name: 'پاک کردن و خروج' }));
    await act(() => leaving);
    expect(readSession().token).toBeNull();
    expect(location.pathname).toBe(paths.auth.login);
    await waitFor(async () => expect(await Dexie.getDatabaseNames()).not.toContain(name));
    expect(username).toBeTruthy();
  });

  it('with everything sent, offers to erase the data (chosen already, for a shared phone) and does so', async () => {
    const api = fakeApi();
    api.on('POST', syncEndpoints.push.path, (request) => {
      const { mutations } = request.body as { mutations: { mutationId: number; id: string }[] };
      return envelope({
        lastMutationId: mutations.at(-1)!.mutationId,
        results: mutations.map((m) => ({
          mutationId: m.mutationId,
          status: 'applied',
          code: 9001,
          message: '',
          row: { id: m.id, version: 1, updatedAt: '', deleted: false, name: 'انباردار' },
        })),
      });
    });
    api.on('PUT', endpoints.logout.path, envelope(null));
    const { data, user } = await renderInPanel(<SyncIndicator />, { api });
    await act(() => createRow(data.db, Role, { name: 'انباردار' }));
    const name = data.db.name;
    const leaving = logOut();
    const dialog = await screen.findByRole('dialog', { name: 'خروج' });
    expect((within(dialog).getByRole('checkbox', { name: /داده‌هایم از این دستگاه پاک شود/ }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'خروج' }));
    await act(() => leaving);
    expect(readSession().token).toBeNull();
    expect(api.callsTo('PUT', endpoints.logout.path)).toHaveLength(1);
    await waitFor(async () => expect(await Dexie.getDatabaseNames()).not.toContain(name));
  });
});
