import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Member, Role } from '../../src/contract/entities/panelManagement.ts';
import { permission } from '../../src/contract/entity.ts';
import { modulePath } from '../../src/contract/routes.ts';
import { EntityScreen } from '../../src/panel/entity/EntityScreen.tsx';
import { aPanel, aRow, outbox, renderInPanel, seed } from './panelFixture.tsx';

const rolesUrl = modulePath('PanelManagement', 'Role');

function roles() {
  return [
    aRow({ name: 'مدير فروش', description: 'شیفت صبح', parentRoleId: null, permissions: [] }),
    aRow({ name: 'Cashier', description: null, parentRoleId: null, permissions: [] }),
  ];
}

describe('the generic list of an entity', () => {
  it('shows the rows on this device and narrows them as the person types, however Persian was typed', async () => {
    const { data, user } = await renderInPanel(<EntityScreen entity={Role} />, { url: rolesUrl });
    await seed(data, Role, roles());
    expect(await screen.findByRole('button', { name: 'مدير فروش' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cashier' })).toBeTruthy();
    await user.type(screen.getByLabelText('جست‌وجو در نقش‌ها'), 'مدیر');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cashier' })).toBeNull());
    expect(screen.getByRole('button', { name: 'مدير فروش' })).toBeTruthy();
  });

  it('sorts by a column, and says so to screen readers', async () => {
    const { data, user } = await renderInPanel(<EntityScreen entity={Role} />, { url: rolesUrl });
    await seed(data, Role, roles());
    await screen.findByRole('button', { name: 'Cashier' });
    const header = () => screen.getByRole('columnheader', { name: /نام/ });
    expect(header().getAttribute('aria-sort')).toBe('ascending');
    const names = () => screen.getAllByRole('rowheader').map((cell) => cell.textContent);
    expect(names()).toEqual(['مدير فروش', 'Cashier']);
    await user.click(within(header()).getByRole('button'));
    expect(header().getAttribute('aria-sort')).toBe('descending');
    expect(names()).toEqual(['Cashier', 'مدير فروش']);
  });

  it('draws only the rows in view of a long list', async () => {
    const { data } = await renderInPanel(<EntityScreen entity={Role} />, { url: rolesUrl });
    await seed(
      data,
      Role,
      Array.from({ length: 1500 }, (_, i) => aRow({ name: `Role ${String(i).padStart(4, '0')}`, permissions: [] })),
    );
    expect(await screen.findByText('۱٬۵۰۰ رکورد')).toBeTruthy();
    const drawn = screen.getAllByRole('row').length;
    expect(drawn).toBeGreaterThan(10);
    expect(drawn).toBeLessThan(60);
  });

  it('says there is nothing yet, with the way to add the first', async () => {
    await renderInPanel(<EntityScreen entity={Role} />, { url: rolesUrl });
    expect(await screen.findByText('هنوز هیچ موردی در «نقش‌ها» ثبت نشده است.')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'افزودن نقش' })).toHaveLength(2);
  });
});

describe('the generic form', () => {
  it('refuses a missing required value in Persian, then saves the row on this device and queues it', async () => {
    const { data, user } = await renderInPanel(<EntityScreen entity={Role} />, { url: rolesUrl });
    await user.click((await screen.findAllByRole('button', { name: 'افزودن نقش' }))[0]!);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'افزودن' }));
    expect(await within(dialog).findByText('پر کردن این فیلد الزامی است.')).toBeTruthy();
    expect(await outbox(data)).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('نام'), 'انباردار');
    await user.click(within(dialog).getByRole('button', { name: 'افزودن' }));
    await waitFor(async () => expect(await outbox(data)).toHaveLength(1));
    expect((await outbox(data))[0]).toMatchObject({ op: 'create', entity: Role.key, values: { name: 'انباردار' } });
    expect(new URLSearchParams(location.search).get('id')).toBe((await outbox(data))[0]!.id);
    expect(await screen.findAllByText('هنوز همگام نشده')).not.toHaveLength(0);
  });

  it('chooses a reference among the referenced rows by name', async () => {
    const { data, user } = await renderInPanel(<EntityScreen entity={Member} />, {
      url: `${modulePath('PanelManagement', 'People/Access')}?new`,
    });
    const [sales] = roles();
    await seed(data, Role, [sales!]);
    const dialog = await screen.findByRole('dialog');
    await user.type(await within(dialog).findByLabelText('نام کاربری یا شمارهٔ موبایل'), 'ali');
    await user.type(within(dialog).getByRole('combobox', { name: 'نقش' }), 'مدیر');
    await user.click(await screen.findByRole('option', { name: 'مدير فروش' }));
    await user.click(within(dialog).getByRole('button', { name: 'افزودن' }));
    await waitFor(async () => expect(await outbox(data)).toHaveLength(1));
    expect((await outbox(data))[0]!.values).toMatchObject({ login: 'ali', roleId: sales!.id });
  });

  it('shows why the server refused the last change to a row, beside the field it named', async () => {
    const row = roles()[0]!;
    const { data } = await renderInPanel(<EntityScreen entity={Role} />, { url: `${rolesUrl}?edit=${row.id}` });
    await seed(data, Role, [row]);
    await act(() =>
      data.db.problems.put({
        mutationId: 9,
        entity: Role.key,
        op: 'update',
        id: row.id,
        values: { name: 'Cashier' },
        baseVersion: 1,
        at: '',
        code: 9107,
        message: 'این نقش از قبل وجود دارد.',
        fields: { name: 'unique' },
        held: [],
        rejectedAt: '',
      }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('این نقش از قبل وجود دارد.')).toBeTruthy();
    expect(within(dialog).getByText('رکورد دیگری همین مقدار را دارد.')).toBeTruthy();
  });
});

describe('details and delete', () => {
  it('deletes a row only after the person confirms', async () => {
    const row = roles()[1]!;
    const { data, user } = await renderInPanel(<EntityScreen entity={Role} />, { url: `${rolesUrl}?id=${row.id}` });
    await seed(data, Role, [row]);
    await user.click(await screen.findByRole('button', { name: 'حذف' }));
    const confirm = await screen.findByRole('dialog', { name: '«Cashier» حذف شود؟' });
    await user.click(within(confirm).getByRole('button', { name: 'نگه‌داشتن' }));
    expect(await outbox(data)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'حذف' }));
    await user.click(within(await screen.findByRole('dialog', { name: '«Cashier» حذف شود؟' })).getByRole('button', { name: 'حذف' }));
    await waitFor(async () => expect(await outbox(data)).toEqual([expect.objectContaining({ op: 'delete', id: row.id, baseVersion: 1 })]));
  });

  it('hides the actions the role does not allow', async () => {
    const panel = aPanel({ isOwner: false, permissions: [permission(Role, 'read')], roleName: 'Viewer' });
    const row = roles()[1]!;
    const { data } = await renderInPanel(<EntityScreen entity={Role} />, { url: `${rolesUrl}?id=${row.id}`, panel });
    await seed(data, Role, [row]);
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(await screen.findAllByText('Cashier')).not.toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'ویرایش' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'حذف' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'افزودن نقش' })).toBeNull();
  });

  it('tells a person without read access that they have none', async () => {
    const panel = aPanel({ isOwner: false, permissions: [], roleName: 'Nobody' });
    await renderInPanel(<EntityScreen entity={Role} />, { url: rolesUrl, panel });
    expect(await screen.findByText('به «نقش‌ها» دسترسی ندارید')).toBeTruthy();
  });
});
