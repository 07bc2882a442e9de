/** Every account and profile call of spec section 7, written once, as the wire spells it. */
export const endpoints = {
  login: { method: 'POST', path: '/api/account/login' },
  logout: { method: 'PUT', path: '/api/Account/Logout' },
  refreshToken: { method: 'PUT', path: '/api/Account/RefreshToken' },
  loginByMobile: { method: 'POST', path: '/api/account/LoginByMobile' },
  sendVerifiedCode: { method: 'POST', path: '/api/Account/SendVerifiedCode' },
  signUp: { method: 'POST', path: '/api/Account/SignUp' },
  getCurrentUser: { method: 'GET', path: '/api/Profile/GetCurrectUser' },
  updateProfile: { method: 'PUT', path: '/api/Profile/UpdateProfile' },
  verifyPhoneNumber: { method: 'POST', path: '/api/Profile/VerifyPhoneNumber' },
  registrationProfile: { method: 'POST', path: '/api/Profile/RegistrationProfile' },
  resetPassword: { method: 'PUT', path: '/api/Account/ResetPassword' },
  resetPasswordByMobile: { method: 'PUT', path: '/api/Account/ResetPasswordByMobile' },
  getUserByUsername: { method: 'GET', path: '/api/Dev/GetUserByUsername' },
  /** Ours, beyond the spec: the signed-in user's own account activity per day (last 30 days). */
  myActivity: { method: 'GET', path: '/api/Profile/Activity' },
  /** Ours, beyond the spec (decision 040): the server's VAPID public key, for a device's push subscription. */
  pushPublicKey: { method: 'GET', path: '/api/Push/PublicKey' },
  /** Ours: this device (its push subscription) receives the signed-in person's notifications until sign-out. */
  pushSubscribe: { method: 'POST', path: '/api/Push/Subscribe' },
  /** Ours: this device no longer receives them. */
  pushUnsubscribe: { method: 'POST', path: '/api/Push/Unsubscribe' },
  /** Ours, beyond the spec; only with DEV_TOOLS=1: the SMS the log sender "sent" to `?mobile=`, oldest first. */
  devSmsOutbox: { method: 'GET', path: '/api/Dev/SmsOutbox' },
  /** Ours; only with DEV_TOOLS=1: runs every module's scheduled job once now (the tax system's sending), for end-to-end tests. */
  devRunJobs: { method: 'POST', path: '/api/Dev/RunJobs' },
} as const;

/** Ours, beyond the spec; no session: the API's description, an OpenAPI 3.1 document generated from the routes (not an envelope). */
export const apiDescription = { method: 'GET', path: '/api/OpenApi.json' } as const;

export type EndpointName = keyof typeof endpoints;

/** Static files the client fetches (spec section 7). */
export const buildFiles = {
  latest: '/builds/latest.json',
  meta: (buildId: string) => `/builds/meta/${encodeURIComponent(buildId)}.json`,
} as const;

export interface BuildInfo {
  id: string;
  time: string;
}
