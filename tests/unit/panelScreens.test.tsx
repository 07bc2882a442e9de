import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useEnabledModules } from '../../src/app/useEnabledModules.ts';
import { PanelNav } from '../../src/app/layout/PanelNav.tsx';
import { Member, Role } from '../../src/contract/entities/panelManagement.ts';
import { permission } from '../../src/contract/entity.ts';
import { panelEndpoints } from '../../src/contract/panels.ts';
import { modulePath, paths } from '../../src/contract/routes.ts';
import { PanelList } from '../../src/features/panels/PanelList.tsx';
import { RegisterPanel } from '../../src/features/panels/RegisterPanel.tsx';
import { SyncProblems } from '../../src/features/panels/SyncProblems.tsx';
import { readCookie } from '../../src/session/cookies.ts';
import { readSession } from '../../src/session/session.ts';
import { createRow } from '../../src/storage/localWrites.ts';
import { envelope, failure, fakeApi } from './fakeApi.ts';
import { aPanel, aRow, outbox, renderInPanel, seed } from './panelFixture.tsx';

function summary(code: string, name: string) {
  return {
    code,
    name,
    icon: 'store',
    modules: ['PanelManagement'],
    isOwner: false,
    roleName: 'کارمند',
    memberCount: 3,
    createdAt: '2026-11-01T08:00:00Z',
  };
}

describe('the panel list', () => {
  it('makes the chosen panel the current one (cookie stored quoted) and opens its dashboard', async () => {
    const api = fakeApi();
    api.on('GET', panelEndpoints.list.path, envelope([summary('SHOP01', 'فروشگاه یک'), summary('SHOP02', 'فروشگاه دو')]));
    const { user } = await renderInPanel(<PanelList />, { api, url: paths.user.panelList });
    await user.click(await screen.findByRole('button', { name: /فروشگاه دو/ }));
    expect(readCookie('panelCode')).toBe('"SHOP02"');
    expect(readSession().panelCode).toBe('SHOP02');
    expect(location.pathname).toBe(paths.user.panelDashboard);
  });

  it('offline, shows the list last saved on this device, marked as such', async () => {
    const api = fakeApi();
    api.on('GET', panelEndpoints.list.path, envelope([summary('SHOP03', 'فروشگاه سه')]), new TypeError('Failed to fetch'));
    const first = await renderInPanel(<PanelList />, { api, url: paths.user.panelList });
    await screen.findByText('فروشگاه سه');
    first.unmount();
    await renderInPanel(<PanelList />, { api, url: paths.user.panelList, username: first.username });
    // Reads are retried a few times before the device counts as offline.
    expect(await screen.findByText(/آفلاین: این فهرست همان است که/, undefined, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByText('فروشگاه سه')).toBeTruthy();
  });
});

describe('registering a panel', () => {
  it('sends the details and modules, makes the new panel current and opens its first-run setup', async () => {
    const api = fakeApi();
    const created = aPanel({ code: 'NEW001', name: 'کافه باران' });
    api.on('POST', panelEndpoints.register.path, envelope(created, 201));
    const { user } = await renderInPanel(<RegisterPanel />, { api, url: paths.user.registerPanel });
    await user.type(await screen.findByLabelText('نام پنل'), 'کافه باران');
    await user.click(screen.getByRole('radio', { name: 'کافه' }));
    await user.click(screen.getByRole('checkbox', { name: /انبارداری و موجودی/ }));
    await user.click(screen.getByRole('button', { name: 'ثبت پنل' }));
    await waitFor(() => expect(location.pathname).toBe(modulePath('PanelManagement', 'initial-elements')));
    expect(api.callsTo('POST', panelEndpoints.register.path)[0]!.body).toMatchObject({
      name: 'کافه باران',
      icon: 'coffee',
      modules: ['PanelManagement', 'WarehousingMVM'],
    });
    expect(readSession().panelCode).toBe('NEW001');
  });

  it('shows the server’s refusal beside the field it names', async () => {
    const api = fakeApi();
    api.on(
      'POST',
      panelEndpoints.register.path,
      new Response(
        JSON.stringify({
          isSuccess: false,
          data: { fields: { postalCode: 'format' } },
          errorData: { code: 9401, message: 'bad' },
          message: 'bad',
        }),
        { status: 400, headers: { 'Content-Type': 'application/json' } },
      ),
    );
    const { user } = await renderInPanel(<RegisterPanel />, { api, url: paths.user.registerPanel });
    await user.type(await screen.findByLabelText('نام پنل'), 'کافه');
    await user.type(screen.getByLabelText('کد پستی'), '123');
    await user.click(screen.getByRole('button', { name: 'ثبت پنل' }));
    const field = screen.getByLabelText('کد پستی');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('قالب این مقدار درست نیست.')).toBeTruthy();
  });
});

describe('sync problems', () => {
  it('lists each rejected change with the server’s words and settles it as the person chooses', async () => {
    const row = aRow({ name: 'فروش', description: 'قدیمی', parentRoleId: null, permissions: [] }, 2);
    const { data, user } = await renderInPanel(<SyncProblems />, { url: paths.syncProblems });
    await seed(data, Role, [row]);
    await act(() =>
      data.db.problems.bulkPut([
        {
          mutationId: 4,
          entity: Role.key,
          op: 'update',
          id: row.id,
          baseVersion: 1,
          values: { description: 'جدید' },
          at: '',
          code: 9303,
          message: 'نسخهٔ رکورد قدیمی است.',
          held: [],
          rejectedAt: new Date().toISOString(),
        },
        {
          mutationId: 5,
          entity: Role.key,
          op: 'create',
          id: crypto.randomUUID(),
          values: { name: 'فروش', description: null, parentRoleId: null, permissions: [] },
          at: '',
          code: 9107,
          message: 'تکراری است.',
          fields: { name: 'unique' },
          held: [],
          rejectedAt: new Date().toISOString(),
        },
      ]),
    );
    // Each card is named by the record and the step refused, in words, never by versions.
    const stale = await screen.findByRole('region', { name: 'تغییر شما در نقش «فروش» روی سرور ذخیره نشد' });
    const duplicate = await screen.findByRole('region', { name: 'نقش «فروش» روی سرور ذخیره نشد' });
    expect(within(stale).getByText('نسخهٔ رکورد قدیمی است.')).toBeTruthy();
    expect(within(duplicate).getByText('تکراری است.')).toBeTruthy();
    expect(screen.queryByText(/نسخهٔ .* این رکورد/)).toBeNull();
    expect(await within(duplicate).findByText('رکورد دیگری همین مقدار را دارد.')).toBeTruthy();
    await user.click(within(stale).getByRole('button', { name: 'تغییر من به هر حال ذخیره شود' }));
    await waitFor(async () =>
      expect(await outbox(data)).toEqual([expect.objectContaining({ op: 'update', baseVersion: 2, values: { description: 'جدید' } })]),
    );
    await user.click(within(duplicate).getByRole('button', { name: 'دور بریز' }));
    expect(await screen.findByText('مشکلی در همگام‌سازی نیست')).toBeTruthy();
    expect(await data.db.problems.count()).toBe(0);
  });
});

describe('the panel navigation', () => {
  it('shows only the places the person’s role opens, and sync problems when there are any', async () => {
    const panel = aPanel({ isOwner: false, roleName: 'ناظر', permissions: [permission(Role, 'read')] });
    // The module being worked in shows its places.
    const { data } = await renderInPanel(<PanelNav />, { panel, url: modulePath('PanelManagement', 'Role') });
    // Panel management opens on the first of its screens the role allows: the roles.
    expect((await screen.findByRole('link', { name: 'مدیریت پنل' })).getAttribute('href')).toBe(modulePath('PanelManagement', 'Role'));
    expect(screen.getByRole('link', { name: 'نمودار سازمانی' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'افراد و دسترسی‌ها' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'گزارش فعالیت‌ها' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'ماژول‌ها' })).toBeNull();
    expect(screen.queryByRole('link', { name: /مشکلات همگام‌سازی/ })).toBeNull();
    await act(() =>
      createRow(data.db, Role, { name: 'x' }).then(() =>
        data.db.problems.put({
          mutationId: 1,
          entity: Role.key,
          op: 'create',
          id: 'x',
          at: '',
          code: 9400,
          message: '',
          held: [],
          rejectedAt: '',
        }),
      ),
    );
    expect(await screen.findByRole('link', { name: /مشکلات همگام‌سازی/ })).toBeTruthy();
  });
});

describe('the enabled modules', () => {
  function Probe() {
    const modules = useEnabledModules();
    return <p>{modules === undefined ? 'loading' : modules === null ? 'no panel' : modules.join(',') || 'none'}</p>;
  }

  it('are the current panel’s, and those last saved on this device while offline', async () => {
    const panel = aPanel({ modules: ['PanelManagement', 'WarehousingMVM'] });
    const first = await renderInPanel(<Probe />, { panel });
    expect(await screen.findByText('PanelManagement,WarehousingMVM')).toBeTruthy();
    first.unmount();
    const offline = fakeApi();
    offline.on('GET', panelEndpoints.current.path, new TypeError('Failed to fetch'));
    await renderInPanel(<Probe />, { panel, api: offline, username: first.username });
    expect(await screen.findByText('PanelManagement,WarehousingMVM', undefined, { timeout: 5_000 })).toBeTruthy();
  });

  it('are no list at all for a panel the server will not open: no module opens, not even one always on', async () => {
    const api = fakeApi();
    api.on('GET', panelEndpoints.current.path, failure(404, 9101));
    await renderInPanel(<Probe />, { api });
    expect(await screen.findByText('no panel')).toBeTruthy();
  });
});

describe('a member row written on this device', () => {
  it('queues the person by login and role; the server fills in who they are', async () => {
    const role = aRow({ name: 'کارمند', permissions: [] });
    const { data } = await renderInPanel(<p>panel</p>);
    await seed(data, Role, [role]);
    await createRow(data.db, Member, { login: 'ali', roleId: role.id, title: null });
    expect((await outbox(data))[0]).toMatchObject({ entity: Member.key, op: 'create', values: { login: 'ali', roleId: role.id } });
  });
});
