/**
 * One function per account and profile call of spec section 7, with the wire's field names.
 * Screens call these; they never build a request themselves.
 */
import { endpoints } from '../contract/endpoints.ts';
import type { LoginData } from '../contract/envelope.ts';
import type { CompleteProfilePayload, CurrentUser, ProfilePayload, RegistrationProfilePayload } from '../contract/profile.ts';
import { apiCall, apiData } from './http.ts';

const serviceName = __SERVICE_NAME__;

export function login(username: string, password: string): Promise<LoginData> {
  return apiData(endpoints.login.method, endpoints.login.path, { body: { username, password, serviceName } }, false);
}

export function signUp(username: string, password: string): Promise<LoginData> {
  return apiData(endpoints.signUp.method, endpoints.signUp.path, { body: { username, password, serviceName } }, false);
}

export type CodePurpose = 'login' | 'reset' | 'verify';

/** Sends a verification code by SMS. `purpose` binds the code: a login code cannot reset a password. */
export async function sendVerifiedCode(mobile: string, purpose: CodePurpose): Promise<void> {
  await apiCall(endpoints.sendVerifiedCode.method, endpoints.sendVerifiedCode.path, { body: { mobile, purpose } }, purpose === 'verify');
}

export function loginByMobile(mobile: string, code: string, userName = ''): Promise<LoginData> {
  return apiData(
    endpoints.loginByMobile.method,
    endpoints.loginByMobile.path,
    { body: { UserName: userName, Mobile: mobile, Code: code, ServiceName: serviceName } },
    false,
  );
}

export function refreshToken(token: string): Promise<LoginData> {
  return apiData(endpoints.refreshToken.method, endpoints.refreshToken.path, { body: { refreshToken: token } }, false);
}

export async function logout(token: string): Promise<void> {
  await apiCall(endpoints.logout.method, endpoints.logout.path, { body: { refreshToken: token } });
}

export function getCurrentUser(): Promise<CurrentUser> {
  return apiData(endpoints.getCurrentUser.method, endpoints.getCurrentUser.path);
}

export async function registrationProfile(profile: RegistrationProfilePayload): Promise<void> {
  await apiCall(endpoints.registrationProfile.method, endpoints.registrationProfile.path, {
    body: { ...profile, userId: 0, publicUserName: profile.publicUserName.trim() || 'null' },
  });
}

/**
 * The whole profile or only the complete-profile subset. The whole profile goes as the spec's update
 * body says: userId 0 and publicUserName "" (the server keeps the public name); a new public name
 * travels in the registration profile (`registrationProfile`), the call whose body names it.
 */
export async function updateProfile(profile: ProfilePayload | CompleteProfilePayload): Promise<void> {
  const body = 'email' in profile ? { ...profile, userId: 0, publicUserName: '' } : profile;
  await apiCall(endpoints.updateProfile.method, endpoints.updateProfile.path, { body });
}

export async function verifyPhoneNumber(mobile: string, code: string): Promise<void> {
  await apiCall(endpoints.verifyPhoneNumber.method, endpoints.verifyPhoneNumber.path, { body: { mobile, code } });
}

export async function resetPassword(oldPassword: string, newPassword: string, confirmPassword: string): Promise<void> {
  await apiCall(endpoints.resetPassword.method, endpoints.resetPassword.path, {
    body: { oldPassword, newPassword, confirmPassword },
  });
}

export async function resetPasswordByMobile(input: {
  userName: string;
  mobile: string;
  code: string;
  newPassword: string;
  confirmPassword: string;
}): Promise<void> {
  await apiCall(
    endpoints.resetPasswordByMobile.method,
    endpoints.resetPasswordByMobile.path,
    {
      body: {
        UserName: input.userName,
        newPassword: input.newPassword,
        confirmPassword: input.confirmPassword,
        mobile: input.mobile,
        code: input.code,
      },
    },
    false,
  );
}

export interface ActivityDay {
  date: string;
  count: number;
}

/** The signed-in user's own account activity over the last 30 days. */
export async function getMyActivity(): Promise<ActivityDay[]> {
  return (await apiData<{ days: ActivityDay[] }>(endpoints.myActivity.method, endpoints.myActivity.path)).days;
}
