/**
 * An open form whose row someone else changed says so before the person saves (issue 26,
 * decision 045): they load the other version, or keep editing and their save goes to the server
 * on the version they started from (so a clash is a sync problem, not a silent overwrite). The
 * device's own writes coming back in a pull say nothing.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Role } from '../../src/contract/entities/panelManagement.ts';
import { syncEndpoints, type PushRequest } from '../../src/contract/sync.ts';
import { EntityFormPage } from '../../src/panel/entity/EntityFormPage.tsx';
import { DocumentEditor } from '../../src/panel/document/DocumentPages.tsx';
import { StockCount } from '../../modules/WarehousingMVM/entities/counts.ts';
import { Warehouse } from '../../modules/WarehousingMVM/entities/masterData.ts';
import { envelope, fakeApi } from './fakeApi.ts';
import { aPanel, outbox, renderInPanel } from './panelFixture.tsx';
import { FakeSyncServer } from './syncFakeServer.ts';

const pagePath = '/User/Panel/Module/PanelManagement/RoleForm';
const notice = 'This record was changed by someone else while you were editing.';

async function openRoleForm(locale: 'en' | 'fa' = 'en') {
  const server = new FakeSyncServer();
  const role = server.put(Role.key, crypto.randomUUID(), { name: 'Storekeeper', description: '', parentRoleId: null, permissions: [] });
  const api = fakeApi();
  api.on('GET', syncEndpoints.pull.path, (r) => envelope(server.pull(Number(r.query.get('cursor')), Number(r.query.get('limit')))));
  api.on('POST', syncEndpoints.push.path, (r) => envelope(server.push(r.body as PushRequest)));
  const rendered = await renderInPanel(<EntityFormPage entity={Role} after={() => '/'} back="/roles" />, {
    url: `${pagePath}?id=${role.id}`,
    locale,
    api,
  });
  const name = (await screen.findByDisplayValue('Storekeeper', undefined, { timeout: 5000 })) as HTMLInputElement;
  await rendered.data.engine.syncNow();
  return { ...rendered, server, role, name };
}

describe('a form whose record was changed elsewhere', () => {
  it('says so above the form when a pull brings someone else’s version, and loading it shows their values', async () => {
    const { data, server, role, name } = await openRoleForm();
    fireEvent.change(name, { target: { value: 'My storekeeper' } });
    expect(screen.queryByText(notice)).toBeNull();
    server.put(Role.key, role.id, { name: 'Head storekeeper' });
    await data.engine.syncNow();
    expect(await screen.findByText(notice)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load their version' }));
    expect(screen.queryByText(notice)).toBeNull();
    expect(name.value).toBe('Head storekeeper');
  });

  it('keeps the edits on “Keep editing”, and the save names the version the edit started from', async () => {
    const { data, server, role, name } = await openRoleForm();
    fireEvent.change(name, { target: { value: 'My storekeeper' } });
    server.put(Role.key, role.id, { description: 'Counts the warehouse' });
    await data.engine.syncNow();
    await screen.findByText(notice);
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByText(notice)).toBeNull();
    expect(name.value).toBe('My storekeeper');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(async () => expect(await outbox(data)).toHaveLength(1));
    const [write] = await outbox(data);
    expect(write).toMatchObject({ op: 'update', id: role.id, baseVersion: 1, values: { name: 'My storekeeper' } });
    await data.engine.syncNow();
    expect(server.row(role.id)).toMatchObject({ name: 'Storekeeper', description: 'Counts the warehouse' });
  });

  it('says nothing when the change that came back is this device’s own', async () => {
    const { data, role, name } = await openRoleForm();
    await data.data.update(Role, role.id, { description: 'From another screen of this phone' });
    await data.engine.syncNow();
    fireEvent.change(name, { target: { value: 'My storekeeper' } });
    expect(screen.queryByText(notice)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Keep editing' })).toBeNull();
  });

  it('speaks Persian', async () => {
    const { data, server, role } = await openRoleForm('fa');
    server.put(Role.key, role.id, { name: 'انباردار ارشد' });
    await data.engine.syncNow();
    expect(await screen.findByRole('button', { name: 'بارگذاری نسخهٔ او' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'ادامهٔ ویرایش' })).toBeTruthy();
  });
});

describe('presence on an entity form (decision 039)', () => {
  it('names who else has the record open, from the live stream, and announces this device’s own beat', async () => {
    const server = new FakeSyncServer();
    const role = server.put(Role.key, crypto.randomUUID(), { name: 'Cashier', description: '', parentRoleId: null, permissions: [] });
    const api = fakeApi();
    api.on('GET', syncEndpoints.pull.path, (r) => envelope(server.pull(Number(r.query.get('cursor')), Number(r.query.get('limit')))));
    api.on('POST', syncEndpoints.presence.path, envelope(null));
    const open = JSON.stringify({
      open: [
        { entity: Role.key, id: role.id, name: 'Sara' },
        { entity: Role.key, id: 'another', name: 'Reza' },
      ],
    });
    api.on(
      'GET',
      syncEndpoints.live.path,
      () => new Response(`event: presence\ndata: ${open}\n\n`, { headers: { 'Content-Type': 'text/event-stream' } }),
    );
    const { data } = await renderInPanel(<EntityFormPage entity={Role} after={() => '/'} back="/roles" />, {
      url: `${pagePath}?id=${role.id}`,
      locale: 'en',
      api,
    });
    await screen.findByDisplayValue('Cashier', undefined, { timeout: 5000 });
    // In the app the panel's sync (and its stream) starts with the panel area (PanelSync).
    const stop = data.engine.start();
    try {
      expect(await screen.findByText('Sara also has this record open', undefined, { timeout: 5000 })).toBeTruthy();
      expect(screen.queryByText(/Reza/)).toBeNull();
    } finally {
      stop();
    }
    expect(api.callsTo('POST', syncEndpoints.presence.path)[0]?.body).toEqual({ entity: Role.key, id: role.id, open: true });
  });
});

describe('a document draft’s form whose draft was changed elsewhere', () => {
  it('warns, and the kept edit is saved on the version it started from', async () => {
    const server = new FakeSyncServer();
    const warehouse = server.put(Warehouse.key, crypto.randomUUID(), { name: 'Central', code: 'W1', active: true });
    const count = server.put(StockCount.key, crypto.randomUUID(), {
      status: 'draft',
      date: '2026-11-20',
      warehouseId: warehouse.id,
      note: 'Aisle A',
      lines: [{ id: crypto.randomUUID(), locationId: null }],
    });
    const api = fakeApi();
    api.on('GET', syncEndpoints.pull.path, (r) => envelope(server.pull(Number(r.query.get('cursor')), Number(r.query.get('limit')))));
    api.on('POST', syncEndpoints.push.path, (r) => envelope(server.push(r.body as PushRequest)));
    const { data } = await renderInPanel(
      <DocumentEditor entity={StockCount} id={count.id} title="Count" detailsPath="/count" listPath="/counts" />,
      { url: '/count/edit', locale: 'en', api, panel: aPanel({ modules: ['PanelManagement', 'WarehousingMVM'] }) },
    );
    await data.engine.syncNow();
    const note = (await screen.findByDisplayValue('Aisle A', undefined, { timeout: 5000 })) as HTMLInputElement;
    fireEvent.change(note, { target: { value: 'Aisle A and B' } });
    server.put(StockCount.key, count.id, { note: 'Aisle C' });
    await data.engine.syncNow();
    await screen.findByText(notice);
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(async () => expect(await outbox(data)).toHaveLength(1));
    expect((await outbox(data))[0]).toMatchObject({ op: 'update', id: count.id, baseVersion: 1, values: { note: 'Aisle A and B' } });
  });
});
