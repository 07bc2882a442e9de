/**
 * Renders a piece of the app the way it runs: the chosen language active (with its direction on
 * <html>), the URL set, and, when a user is given, a signed-in session whose GetCurrectUser answers
 * that user through the fake network edge. One call sets user, panel, locale and URL.
 */
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { endpoints } from '../../src/contract/endpoints.ts';
import type { CurrentUser } from '../../src/contract/profile.ts';
import { activateLocale, loadFullCatalogue, type Locale } from '../../src/i18n/locale.ts';
import { resetCurrentUser } from '../../src/storage/currentUser.ts';
import { storeLogin, storePanelCode } from '../../src/session/session.ts';
import { envelope, fakeApi, type FakeApi } from './fakeApi.ts';

export interface RenderAppOptions {
  /**
   * A signed-in user (session cookies set; GetCurrectUser answers them unless the given `api`
   * already answers it otherwise, e.g. 101); none means signed out.
   */
  user?: Partial<CurrentUser> | null;
  /** The current panel's code (the panelCode cookie). */
  panel?: string | null;
  locale?: Locale;
  url?: string;
  /** The fake network edge to use; a fresh one by default. */
  api?: FakeApi;
}

export interface RenderedApp extends RenderResult {
  api: FakeApi;
  user: UserEvent;
}

export function aUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    userName: 'sara',
    email: 'sara@example.com',
    firstName: 'سارا',
    lastName: 'احمدی',
    publicUserName: '',
    birthDay: '1991-09-22',
    city: 'تهران',
    state: 'تهران',
    country: 'ایران',
    mobileNumber: '09121234567',
    gender: 'female',
    fatherName: '',
    postalCode: '',
    residenceAddress: '',
    maritalStatus: '',
    militaryServiceStatus: '',
    mobileVerified: false,
    completeness: 60,
    createdAt: '2026-01-10T08:00:00Z',
    ...overrides,
  };
}

export async function renderApp(ui: ReactElement, options: RenderAppOptions = {}): Promise<RenderedApp> {
  const api = options.api ?? fakeApi();
  await act(async () => {
    await activateLocale(options.locale ?? 'fa');
    await loadFullCatalogue();
  });
  window.history.replaceState(null, '', options.url ?? '/');
  resetCurrentUser();
  if (options.user) {
    const user = aUser(options.user);
    storeLogin({ access_token: 'access-1', refresh_token: 'refresh-1' }, user.userName, 'password', Date.now());
    if (!api.answers('GET', endpoints.getCurrentUser.path)) api.on('GET', endpoints.getCurrentUser.path, envelope(user));
  }
  if (options.panel !== undefined) storePanelCode(options.panel);
  const result = render(<I18nProvider i18n={i18n}>{ui}</I18nProvider>);
  return { ...result, api, user: userEvent.setup() };
}
