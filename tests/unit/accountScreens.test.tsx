import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { logOut } from '../../src/app/logOut.ts';
import { RequireSession } from '../../src/app/RequireSession.tsx';
import { endpoints } from '../../src/contract/endpoints.ts';
import { paths } from '../../src/contract/routes.ts';
import { MobileLogin } from '../../src/features/auth/MobileLogin.tsx';
import { Singup } from '../../src/features/auth/Singup.tsx';
import { ProfileInformation } from '../../src/features/account/ProfileInformation.tsx';
import { RegistrationProfile } from '../../src/features/account/RegistrationProfile.tsx';
import { readSession } from '../../src/session/session.ts';
import { envelope, failure, fakeApi } from './fakeApi.ts';
import { aUser, renderApp } from './renderApp.tsx';

afterEach(() => {
  vi.useRealTimers();
});

describe('the session guard', () => {
  it('sends a signed-out visitor to log in, with the way back', async () => {
    await renderApp(
      <Router>
        <RequireSession>
          <p>secret</p>
        </RequireSession>
      </Router>,
      { url: paths.user.profile },
    );
    await waitFor(() => expect(location.pathname).toBe(paths.auth.login));
    expect(new URLSearchParams(location.search).get('next')).toBe(paths.user.profile);
    expect(screen.queryByText('secret')).toBeNull();
  });

  it('sends a user whose current-user answer is 101 to complete the profile', async () => {
    const api = fakeApi();
    api.on('GET', endpoints.getCurrentUser.path, failure(400, 101));
    await renderApp(
      <Router>
        <RequireSession>
          <p>secret</p>
        </RequireSession>
      </Router>,
      { url: paths.user.dashboard, user: {}, api },
    );
    await waitFor(() => expect(location.pathname).toBe(paths.auth.profile));
  });
});

describe('sign-up', () => {
  it('shows real validation messages beside the fields, announced, and sends nothing', async () => {
    const { user, api } = await renderApp(<Singup />, { url: paths.auth.signUp, locale: 'en' });
    await user.type(screen.getByLabelText('Username'), '1abc');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('Password, again'), 'other');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    const alerts = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(alerts).toEqual([
      'Use 3 to 32 Latin letters, digits, dots, dashes or underscores, starting with a letter.',
      'Use at least 8 characters.',
      'The two passwords are not the same.',
    ]);
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Username').getAttribute('aria-describedby')).toContain('error');
    expect(api.requests).toHaveLength(0);
  });

  it('shows 103 when the user exists, and on success stores a sign-up session due now and goes to the profile', async () => {
    const { user, api } = await renderApp(<Singup />, { url: paths.auth.signUp });
    api.on('POST', endpoints.signUp.path, failure(400, 103), envelope({ access_token: 'a', refresh_token: 'r' }, 201));
    await user.type(screen.getByLabelText('نام کاربری'), 'sara');
    await user.type(screen.getByLabelText('رمز عبور', { selector: 'input' }), 'a long enough phrase');
    await user.type(screen.getByLabelText('تکرار رمز عبور', { selector: 'input' }), 'a long enough phrase');
    await user.click(screen.getByRole('button', { name: 'ساخت حساب من' }));
    expect(await screen.findByText(/این کاربر از قبل وجود دارد/)).toBeTruthy();
    const before = Date.now();
    await user.click(screen.getByRole('button', { name: 'ساخت حساب من' }));
    await waitFor(() => expect(location.pathname).toBe(paths.auth.profile));
    expect(readSession()).toMatchObject({ token: 'a', refreshToken: 'r', username: 'sara' });
    expect(readSession().tokenExpiry).toBeGreaterThanOrEqual(before);
    expect(readSession().tokenExpiry).toBeLessThanOrEqual(Date.now());
  });
});

describe('mobile login', () => {
  it('waits 60 seconds before another code, or what Retry-After says after 9403', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true });
    const { user, api } = await renderApp(<MobileLogin />, { url: paths.auth.mobileLogin, locale: 'en' });
    api.on('POST', endpoints.sendVerifiedCode.path, envelope(null), failure(429, 9403, undefined, { 'Retry-After': '95' }));
    await user.type(screen.getByLabelText('Mobile number'), '۰۹۱۲ ۱۲۳ ۴۵۶۷');
    await user.click(screen.getByRole('button', { name: 'Send the code' }));
    expect(api.requests[0]!.body).toEqual({ mobile: '09121234567', purpose: 'login' });
    expect((await screen.findByText(/You can ask for a new code in/)).textContent).toContain('1:00');
    expect(screen.queryByRole('button', { name: 'Send a new code' })).toBeNull();
    for (let second = 0; second < 60; second++) await act(() => vi.advanceTimersByTimeAsync(1000));
    await user.click(await screen.findByRole('button', { name: 'Send a new code' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please try again later. You can try again in 95 seconds.');
    expect(screen.getByText(/You can ask for a new code in/).textContent).toContain('1:35');
  });

  it('logs in with the code and stores a session that is due for refresh at once', async () => {
    const { user, api } = await renderApp(<MobileLogin />, { url: paths.auth.mobileLogin, locale: 'en' });
    api.on('POST', endpoints.sendVerifiedCode.path, envelope(null));
    api.on('POST', endpoints.loginByMobile.path, envelope({ access_token: 'a', refresh_token: 'r' }));
    await user.type(screen.getByLabelText('Mobile number'), '09121234567');
    await user.click(screen.getByRole('button', { name: 'Send the code' }));
    await user.type(await screen.findByLabelText('Code from the SMS'), '۱۲۳۴۵۶');
    const before = Date.now();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(location.pathname).toBe(paths.user.dashboard));
    expect(api.callsTo('POST', endpoints.loginByMobile.path)[0]!.body).toEqual({
      UserName: '',
      Mobile: '09121234567',
      Code: '123456',
      ServiceName: 'pishkhan',
    });
    expect(readSession().tokenExpiry).toBeGreaterThanOrEqual(before);
    expect(readSession().tokenExpiry).toBeLessThanOrEqual(Date.now());
  });
});

describe('the profile as the spec sends it', () => {
  it('registers with publicUserName "null" when none is given, the birth date as ISO', async () => {
    const api = fakeApi();
    api.on('GET', endpoints.getCurrentUser.path, failure(400, 101));
    const { user } = await renderApp(<RegistrationProfile />, { url: paths.auth.profile, user: {}, api, locale: 'en' });
    api.on('POST', endpoints.registrationProfile.path, envelope(null));
    await user.type(await screen.findByLabelText('First name'), 'Sara');
    await user.type(screen.getByLabelText('Last name'), 'Ahmadi');
    await user.type(screen.getByLabelText('Birth date'), '1991-09-22');
    await user.type(screen.getByLabelText('Mobile number'), '09121234567');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await screen.findByText('Verify your mobile number');
    expect(api.callsTo('POST', endpoints.registrationProfile.path)[0]!.body).toMatchObject({
      userId: 0,
      firstName: 'Sara',
      lastName: 'Ahmadi',
      publicUserName: 'null',
      birthDay: '1991-09-22',
      mobileNumber: '09121234567',
    });
  });

  it('updates the whole profile, the complete-profile subset included, with userId 0 and publicUserName ""', async () => {
    const { user, api } = await renderApp(<ProfileInformation />, {
      url: paths.user.profileInformation,
      user: aUser({ publicUserName: '', postalCode: '' }),
      locale: 'en',
    });
    api.on('PUT', endpoints.updateProfile.path, envelope(null));
    await user.type(await screen.findByLabelText('Father’s name'), 'Reza');
    await user.type(screen.getByLabelText('Postal code'), '12345-67890');
    await user.selectOptions(screen.getByLabelText('Marital status'), 'married');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.callsTo('PUT', endpoints.updateProfile.path)).toHaveLength(1));
    const body = api.callsTo('PUT', endpoints.updateProfile.path)[0]!.body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(
      [
        'userId',
        'email',
        'firstName',
        'lastName',
        'publicUserName',
        'birthDay',
        'city',
        'state',
        'country',
        'mobileNumber',
        'fatherName',
        'postalCode',
        'residenceAddress',
        'gender',
        'maritalStatus',
        'militaryServiceStatus',
      ].sort(),
    );
    expect(body).toMatchObject({
      userId: 0,
      publicUserName: '',
      fatherName: 'Reza',
      postalCode: '1234567890',
      maritalStatus: 'married',
      birthDay: '1991-09-22',
    });
  });

  it('sends publicUserName "" on update even when a public name is set, and a changed name through the registration profile', async () => {
    const { user, api } = await renderApp(<ProfileInformation />, {
      url: paths.user.profileInformation,
      user: aUser({ publicUserName: 'sara.a' }),
      locale: 'en',
    });
    api.on('PUT', endpoints.updateProfile.path, envelope(null));
    api.on('POST', endpoints.registrationProfile.path, envelope(null));
    await user.type(await screen.findByLabelText('Father’s name'), 'Reza');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.callsTo('PUT', endpoints.updateProfile.path)).toHaveLength(1));
    expect(api.callsTo('PUT', endpoints.updateProfile.path)[0]!.body).toMatchObject({ userId: 0, publicUserName: '', fatherName: 'Reza' });
    expect(api.callsTo('POST', endpoints.registrationProfile.path)).toHaveLength(0);
  });

  it('sends a changed public name in the registration profile before the update', async () => {
    const { user, api } = await renderApp(<ProfileInformation />, {
      url: paths.user.profileInformation,
      user: aUser({ publicUserName: 'sara.a' }),
      locale: 'en',
    });
    api.on('PUT', endpoints.updateProfile.path, envelope(null));
    api.on('POST', endpoints.registrationProfile.path, envelope(null));
    const name = await screen.findByLabelText('Public name');
    await user.clear(name);
    await user.type(name, 'sara.ahmadi');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.callsTo('PUT', endpoints.updateProfile.path)).toHaveLength(1));
    expect(api.callsTo('POST', endpoints.registrationProfile.path)[0]!.body).toMatchObject({ userId: 0, publicUserName: 'sara.ahmadi' });
    expect(api.callsTo('PUT', endpoints.updateProfile.path)[0]!.body).toMatchObject({ publicUserName: '' });
  });

  it('shows a server validation code beside its field', async () => {
    const { user, api } = await renderApp(<ProfileInformation />, { url: paths.user.profileInformation, user: {}, locale: 'en' });
    api.on('PUT', endpoints.updateProfile.path, failure(400, 121));
    await user.click(await screen.findByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByRole('alert').textContent).toBe('The email format is invalid.');
  });
});

describe('logout', () => {
  it('sends the refresh token, then clears the session', async () => {
    const { api } = await renderApp(<p>app</p>, { user: {}, url: paths.user.dashboard });
    api.on('PUT', endpoints.logout.path, envelope(null));
    await logOut();
    expect(api.callsTo('PUT', endpoints.logout.path)[0]!.body).toEqual({ refreshToken: 'refresh-1' });
    expect(document.cookie).toBe('');
    expect(location.pathname).toBe(paths.auth.login);
  });

  it('clears the session even when the server cannot be reached', async () => {
    const { api } = await renderApp(<p>app</p>, { user: {}, url: paths.user.dashboard });
    api.on('PUT', endpoints.logout.path, new TypeError('Failed to fetch'));
    await logOut();
    expect(document.cookie).toBe('');
  });
});
