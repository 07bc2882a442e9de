import { i18n } from '@lingui/core';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { isApiError } from '../../src/api/ApiError.ts';
import { apiCall } from '../../src/api/http.ts';
import { StatusArea } from '../../src/app/layout/StatusArea.tsx';
import { endpoints } from '../../src/contract/endpoints.ts';
import { describeError } from '../../src/i18n/describeError.ts';
import { loadCurrentUser, resetCurrentUser } from '../../src/storage/currentUser.ts';
import { OfflineIndicator } from '../../src/ui/OfflineIndicator.tsx';
import { hasUnsavedInput, watchUnsavedInput } from '../../src/pwa/unsavedInput.ts';
import { storageKeys, writeValue } from '../../src/session/keyValue.ts';
import { envelope } from './fakeApi.ts';
import { aUser, renderApp } from './renderApp.tsx';

function setOnline(online: boolean): void {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

afterEach(() => setOnline(true));

describe('the offline indicator', () => {
  it('is hidden online, shows and announces "offline" when the network goes, and announces its return', async () => {
    await renderApp(<OfflineIndicator />, { locale: 'en' });
    expect(screen.queryByRole('button', { name: /Offline/ })).toBeNull();
    act(() => setOnline(false));
    expect(screen.getByRole('button', { name: 'Offline: show details' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('You are offline. Pishkhan keeps working with what is saved on this device.');
    act(() => setOnline(true));
    expect(screen.queryByRole('button', { name: /Offline/ })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('You are back online.');
  });

  it('says in the frame that the account shown is the last one seen, with its time, when the server cannot be reached', async () => {
    const sara = aUser({ userName: 'sara' });
    const savedAt = Date.parse('2026-11-20T08:30:00Z');
    await writeValue(storageKeys.lastUser, { username: 'sara', user: sara, savedAt });
    const view = await renderApp(<StatusArea />, { locale: 'en', user: sara });
    act(() => setOnline(false));
    resetCurrentUser();
    await act(() => loadCurrentUser(true));
    const badge = screen.getByRole('button', { name: 'Offline: show details' });
    await view.user.click(badge);
    expect(badge.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText(/Your account details are shown as last seen on .*2026/).closest('[hidden]')).toBeNull();
    await view.user.keyboard('{Escape}');
    expect(badge.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByText(/Your account details are shown as last seen/).closest('[hidden]')).not.toBeNull();
  });
});

describe('a call that needs the network, offline', () => {
  it('fails at once with the "could not be reached" message, without touching the network', async () => {
    const view = await renderApp(<p />, { locale: 'en' });
    view.api.on('GET', endpoints.getCurrentUser.path, envelope(aUser()));
    setOnline(false);
    const error = await apiCall('GET', endpoints.getCurrentUser.path).catch((e: unknown) => e);
    expect(isApiError(error) && error.kind).toBe('network');
    expect(describeError(i18n, error)).toMatch(/could not be reached/);
    expect(view.api.requests).toHaveLength(0);
  });
});

describe('unsaved input', () => {
  it('counts a form as unsaved from its first edit until it is reset or leaves the page', () => {
    watchUnsavedInput();
    const form = document.createElement('form');
    const input = document.createElement('input');
    form.append(input);
    document.body.append(form);
    expect(hasUnsavedInput()).toBe(false);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    expect(hasUnsavedInput()).toBe(true);
    form.reset();
    expect(hasUnsavedInput()).toBe(false);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    form.remove();
    expect(hasUnsavedInput()).toBe(false);
  });
});
