/**
 * Invitations as the invited person meets them (issue 14, item 5): apart from their panels, with
 * accept and decline, in the panel list and on the dashboard; an invitation link picks one out.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { panelEndpoints, invitationPath, type PanelInvitation } from '../../src/contract/panels.ts';
import { paths } from '../../src/contract/routes.ts';
import { DashboardPanels } from '../../src/features/account/DashboardPanels.tsx';
import { PanelList } from '../../src/features/panels/PanelList.tsx';
import { envelope, fakeApi } from './fakeApi.ts';
import { renderInPanel } from './panelFixture.tsx';

const invitation: PanelInvitation = {
  code: 'BAKERY01',
  name: 'نانوایی سحر',
  icon: 'store',
  invitedBy: 'رضا کریمی',
  roleName: 'نانوا',
  openUntil: '2026-11-29T09:00:00Z',
};
const joined = {
  code: 'BAKERY01',
  name: 'نانوایی سحر',
  icon: 'store',
  modules: ['PanelManagement'],
  isOwner: false,
  roleName: 'نانوا',
  memberCount: 2,
  createdAt: '2026-11-01T08:00:00Z',
};

describe('an invitation to a panel', () => {
  it('is shown apart from the person’s panels, and accepting it joins the panel', async () => {
    const api = fakeApi();
    api.on('GET', panelEndpoints.list.path, envelope([]), envelope([joined]));
    api.on('GET', panelEndpoints.invitations.path, envelope([invitation]), envelope([]));
    api.on('POST', panelEndpoints.acceptInvitation.path, envelope(joined));
    const { user } = await renderInPanel(<PanelList />, { api, url: paths.user.panelList });
    const invitations = await screen.findByRole('region', { name: 'دعوت به پنل‌ها' });
    expect(within(invitations).getByText('رضا کریمی شما را با نقش نانوا دعوت کرده است.')).toBeTruthy();
    expect(screen.getByText('هنوز هیچ پنلی ندارید')).toBeTruthy();
    await user.click(within(invitations).getByRole('button', { name: 'پذیرفتن دعوت به نانوایی سحر' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'دعوت به پنل‌ها' })).toBeNull());
    expect(api.callsTo('POST', panelEndpoints.acceptInvitation.path)[0]!.body).toEqual({ code: 'BAKERY01' });
    expect(await screen.findByRole('button', { name: /نانوایی سحر/ })).toBeTruthy();
  });

  it('declined, is answered with the panel’s code and goes', async () => {
    const api = fakeApi();
    api.on('GET', panelEndpoints.invitations.path, envelope([invitation]), envelope([]));
    api.on('POST', panelEndpoints.declineInvitation.path, envelope(null));
    const { user } = await renderInPanel(<DashboardPanels />, { api, url: paths.user.dashboard });
    await user.click(await screen.findByRole('button', { name: 'نپذیرفتن دعوت به نانوایی سحر' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'دعوت به پنل‌ها' })).toBeNull());
    expect(api.callsTo('POST', panelEndpoints.declineInvitation.path)[0]!.body).toEqual({ code: 'BAKERY01' });
  });

  it('opened by its link comes first; a link to no open invitation says so', async () => {
    const api = fakeApi();
    const other = { ...invitation, code: 'SHOP0001', name: 'فروشگاه نور' };
    api.on('GET', panelEndpoints.list.path, envelope([]));
    api.on('GET', panelEndpoints.invitations.path, envelope([other, invitation]));
    const first = await renderInPanel(<PanelList />, { api, url: invitationPath('BAKERY01') });
    const items = within(await screen.findByRole('region', { name: 'دعوت به پنل‌ها' })).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('نانوایی سحر');
    first.unmount();
    await renderInPanel(<PanelList />, { api, url: invitationPath('GONE0001') });
    expect(await screen.findByText('این دعوت برای حساب شما باز نیست')).toBeTruthy();
  });
});
