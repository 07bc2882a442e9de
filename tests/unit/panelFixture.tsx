/**
 * A panel for screen tests: the session (user and panelCode), the server's description of the
 * current panel through the fake network edge (owner, or a member with chosen permissions), and
 * rows put into the panel's database as if a pull had brought them.
 */
import type { ReactElement } from 'react';
import { act } from '@testing-library/react';
import { Router } from 'wouter';
// In the app the panel's screens open inside UserArea, which finds the modules (their words, their
// pages): so do they here.
import '../../src/panel/modules.ts';
import { allPermissions } from '../../src/contract/modules.ts';
import type { Entity, Row } from '../../src/contract/entity.ts';
import { panelEndpoints, type CurrentPanel, type CurrentPanelPeople } from '../../src/contract/panels.ts';
import { syncEndpoints } from '../../src/contract/sync.ts';
import { readSession } from '../../src/session/session.ts';
import { loadCurrentPanel, resetCurrentPanel } from '../../src/storage/currentPanel.ts';
import { panelDataFor, type PanelData } from '../../src/storage/panelData.ts';
import { reconcileRows } from '../../src/storage/reconcile.ts';
import { envelope, fakeApi, type FakeApi } from './fakeApi.ts';
import { renderApp, type RenderedApp } from './renderApp.tsx';
import type { Locale } from '../../src/i18n/locale.ts';

// jsdom has no ResizeObserver; Headless UI's anchored popovers (the reference combobox) use one.
globalThis.ResizeObserver ??= class {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
};

let counter = 0;

export function aPanel(overrides: Partial<CurrentPanel & CurrentPanelPeople> = {}): CurrentPanel & CurrentPanelPeople {
  return {
    code: `PNL${String(++counter).padStart(4, '0')}${Math.floor(Math.random() * 1000)}`,
    name: 'فروشگاه نمونه',
    icon: 'store',
    companyName: '',
    economicCode: '',
    nationalId: '',
    phone: '',
    address: '',
    postalCode: '',
    moneyUnit: 'rial',
    modules: ['PanelManagement'],
    moduleIcons: {},
    isOwner: true,
    permissions: [...allPermissions()],
    initialized: true,
    createdAt: '2026-11-01T08:00:00Z',
    ownerDisplayName: 'سارا احمدی',
    ownerUserName: 'sara',
    roleName: null,
    memberCount: 1,
    ...overrides,
  };
}

export function aRow(values: Record<string, unknown>, version = 1): Row {
  return { id: crypto.randomUUID(), version, updatedAt: '2026-11-20T10:00:00Z', deleted: false, ...values };
}

export interface PanelRenderOptions {
  panel?: ReturnType<typeof aPanel>;
  url?: string;
  locale?: Locale;
  api?: FakeApi;
  /** The same person again (a reload); a new one by default. */
  username?: string;
}

export interface RenderedPanel extends RenderedApp {
  panel: ReturnType<typeof aPanel>;
  username: string;
  data: PanelData;
}

/** Puts rows in the panel database as a pull would. */
export async function seed(data: PanelData, entity: Entity, rows: readonly Row[]): Promise<void> {
  await data.db.transaction('rw', [data.db.rows(entity), data.db.outbox], () =>
    reconcileRows(
      data.db,
      entity,
      rows.map((r) => r.id),
      new Map(rows.map((r) => [r.id, r])),
    ),
  );
}

export async function renderInPanel(ui: ReactElement, options: PanelRenderOptions = {}): Promise<RenderedPanel> {
  resetCurrentPanel();
  const panel = options.panel ?? aPanel();
  const api = options.api ?? fakeApi();
  if (!api.answers('GET', panelEndpoints.current.path)) api.on('GET', panelEndpoints.current.path, envelope(panel));
  if (!api.answers('GET', syncEndpoints.pull.path))
    api.on('GET', syncEndpoints.pull.path, envelope({ changes: [], cursor: 0, hasMore: false }));
  const rendered = await renderApp(<Router>{ui}</Router>, {
    user: { userName: options.username ?? `user${++counter}` },
    panel: panel.code,
    url: options.url ?? '/',
    locale: options.locale ?? 'fa',
    api,
  });
  // As the app's frame does: the panel's access is known, so its sync engine pulls without waiting for it.
  act(() => void loadCurrentPanel());
  const data = panelDataFor(readSession())!;
  return { ...rendered, panel, data, username: readSession().username! };
}

/** Every entry of the panel's outbox, oldest first. */
export function outbox(data: PanelData) {
  return data.db.outbox.orderBy('mutationId').toArray();
}
