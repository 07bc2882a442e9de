/**
 * Schemas of the account and profile calls (spec section 7), by the wire's names and casing.
 * Request schemas document what each call reads; the handlers validate it (see app.ts).
 */
import { codePurposes } from '../auth/sms.ts';
import {
  completeProfileFields,
  genders,
  maritalStatuses,
  militaryServiceStatuses,
  registrationFields,
} from '../../src/contract/profile.ts';
import { MAX } from '../fields.ts';
import { arrayOf, boolean, component, envelope, integer, nothing, object, text, type JsonSchema, type RouteDoc } from './schemaKit.ts';

type RouteSchema = RouteDoc & { body?: JsonSchema; querystring?: JsonSchema; response: Record<number, JsonSchema> };

const field = (max: number, extra: JsonSchema = {}) => text({ maxLength: max, ...extra });
const tokens = component(
  'Tokens',
  object(
    { access_token: text({ description: 'A bearer token (HS256 JWT), valid about 10 minutes.' }), refresh_token: text() },
    { required: ['access_token', 'refresh_token'] },
  ),
);
const done = { 200: envelope(nothing) };
const signedIn: Record<string, string[]>[] = [{ bearer: [] }];
/** Calls that take a bearer token when there is one and work without it. */
const maybeSignedIn: Record<string, string[]>[] = [{}, { bearer: [] }];

const profileValue: Record<string, JsonSchema> = {
  gender: text({ enum: [...genders, ''] }),
  maritalStatus: text({ enum: [...maritalStatuses, ''] }),
  militaryServiceStatus: text({ enum: [...militaryServiceStatuses, ''] }),
  birthDay: text({ description: 'YYYY-MM-DD (Gregorian or Jalali digits as typed), or "".' }),
  email: text({ description: 'An email address, or "".' }),
};
const profileFields = [...registrationFields, ...completeProfileFields];
const profileProperties = Object.fromEntries(profileFields.map((name) => [name, profileValue[name] ?? text()]));

const currentUser = component(
  'CurrentUser',
  object(
    {
      userName: text(),
      mobileVerified: boolean,
      completeness: integer({ minimum: 0, maximum: 100, description: 'Share of the profile fields that are filled.' }),
      createdAt: text({ format: 'date-time' }),
      ...profileProperties,
    },
    {
      required: ['userName', 'mobileVerified', 'completeness', 'createdAt', ...profileFields],
      description: 'Empty profile fields are "".',
    },
  ),
);

const profileInput = (name: string, description: string) =>
  component(name, object({ userId: integer({ description: 'Ignored.' }), ...profileProperties }, { description }));

const activityDays = object(
  { days: arrayOf(object({ date: text({ format: 'date' }), count: integer({ minimum: 0 }) }, { required: ['date', 'count'] })) },
  { required: ['days'] },
);

export const accountSchemas = {
  login: {
    summary: 'Log in with username and password',
    body: object(
      { username: field(MAX.username), password: field(MAX.password), serviceName: field(MAX.serviceName) },
      { required: ['username', 'password', 'serviceName'] },
    ),
    response: { 200: envelope(tokens) },
  },
  signUp: {
    summary: 'Sign up and log in',
    body: object(
      { username: field(MAX.username), password: field(MAX.password), serviceName: field(MAX.serviceName) },
      { required: ['username', 'password', 'serviceName'] },
    ),
    response: { 201: envelope(tokens) },
  },
  refreshToken: {
    summary: 'Trade a refresh token for a new pair',
    body: object({ refreshToken: field(MAX.token) }, { required: ['refreshToken'] }),
    response: { 200: envelope(tokens) },
  },
  logout: {
    summary: "End the refresh token's session (and the bearer's)",
    security: maybeSignedIn,
    body: object({ refreshToken: field(MAX.token) }, { required: ['refreshToken'] }),
    response: done,
  },
  resetPassword: {
    summary: 'Change the password while signed in; other sessions end',
    body: object(
      { oldPassword: field(MAX.password), newPassword: field(MAX.password), confirmPassword: field(MAX.password) },
      { required: ['oldPassword', 'newPassword', 'confirmPassword'] },
    ),
    response: done,
  },
  sendVerifiedCode: {
    summary: 'Send a verification code by SMS',
    security: maybeSignedIn,
    body: object({ mobile: field(MAX.mobile), purpose: text({ enum: [...codePurposes] }) }, { required: ['mobile'] }),
    response: done,
  },
  loginByMobile: {
    summary: 'Log in with a code sent to a verified mobile number',
    body: object(
      { UserName: field(MAX.username), Mobile: field(MAX.mobile), Code: field(MAX.code), ServiceName: field(MAX.serviceName) },
      { required: ['Mobile', 'Code', 'ServiceName'] },
    ),
    response: { 200: envelope(tokens) },
  },
  resetPasswordByMobile: {
    summary: 'Reset a forgotten password with a code; every session ends',
    body: object(
      {
        UserName: field(MAX.username),
        mobile: field(MAX.mobile),
        code: field(MAX.code),
        newPassword: field(MAX.password),
        confirmPassword: field(MAX.password),
      },
      { required: ['mobile', 'code', 'newPassword', 'confirmPassword'] },
    ),
    response: done,
  },
  getCurrentUser: {
    summary: "The signed-in person's profile (101 until it is registered)",
    security: signedIn,
    response: { 200: envelope(currentUser) },
  },
  registrationProfile: {
    summary: 'Register the profile',
    body: profileInput('RegistrationProfile', 'publicUserName "null" or "" means none.'),
    response: { 200: envelope(currentUser) },
  },
  updateProfile: {
    summary: 'Update the profile, or only the complete-profile subset',
    body: profileInput('ProfileUpdate', 'Only the fields sent are changed.'),
    response: { 200: envelope(currentUser) },
  },
  verifyPhoneNumber: {
    summary: 'Verify a mobile number with the code sent to it',
    body: object({ mobile: field(MAX.mobile), code: field(MAX.code) }, { required: ['mobile', 'code'] }),
    response: done,
  },
  myActivity: { summary: "The signed-in person's account events per day, last 30 days", response: { 200: envelope(activityDays) } },
  getUserByUsername: {
    summary: 'Developer tools: a user by username',
    querystring: object({ username: field(MAX.username) }, { required: ['username'] }),
    response: {
      200: envelope(
        object(
          { id: text(), registered: boolean, ...(currentUser.properties as Record<string, JsonSchema>) },
          { required: ['id', 'registered'] },
        ),
      ),
    },
  },
  pushPublicKey: {
    summary: "Web push: the server's VAPID public key (base64url), the applicationServerKey of a subscription",
    response: { 200: envelope(object({ publicKey: text() }, { required: ['publicKey'] })) },
  },
  pushSubscribe: {
    summary: "Web push: this device receives the signed-in person's notifications (until this session ends)",
    body: object(
      {
        endpoint: field(2048, { description: "The push service's https address of the device." }),
        keys: object({ p256dh: field(200), auth: field(100) }, { required: ['p256dh', 'auth'] }),
        lang: text({ enum: ['fa', 'en'], description: 'The language the device words its notifications in (default fa).' }),
      },
      { required: ['endpoint', 'keys'] },
    ),
    response: done,
  },
  pushUnsubscribe: {
    summary: 'Web push: this device no longer receives notifications',
    body: object({ endpoint: field(2048) }, { required: ['endpoint'] }),
    response: done,
  },
  devSmsOutbox: {
    summary: 'Developer tools: the SMS the log sender kept for a number',
    querystring: object({ mobile: field(MAX.mobile) }, { required: ['mobile'] }),
    response: {
      200: envelope(
        arrayOf(
          object(
            { mobile: text(), code: text(), purpose: text({ enum: [...codePurposes] }), lang: text({ enum: ['fa', 'en'] }) },
            { open: true },
          ),
        ),
      ),
    },
  },
  devRunJobs: {
    summary: 'Developer tools: runs every module’s scheduled job once now and answers what each returned',
    response: { 200: envelope(arrayOf(object({ name: text(), result: {} }, { required: ['name'] }))) },
  },
} satisfies Record<string, RouteSchema>;
