/**
 * The demo account of a fresh database (embedded and outside production by default, or wherever
 * SEED_DEMO=1): a person with a complete Persian profile and a verified mobile number, so one can
 * sign in either way at once. Running it again changes nothing.
 */
import type { Clock } from './clock.ts';
import { systemClock } from './clock.ts';
import { readProfileChanges } from './account/profileFields.ts';
import { createUser, findUserByUsername, setVerifiedMobile, updateProfile } from './account/users.ts';
import { hashPassword } from './auth/passwords.ts';
import type { Db } from './db/Db.ts';

export interface DemoAccount {
  username: string;
  password: string;
  mobile: string;
  /** False when the account was already there. */
  created: boolean;
}

export const demoAccount = {
  username: 'demo',
  password: 'Pishkhan-Demo-1404',
  mobile: '09120000000',
} as const;

const demoProfile = {
  email: 'demo@pishkhan.example',
  firstName: 'سارا',
  lastName: 'رضایی',
  publicUserName: 'null',
  birthDay: '1990-03-21',
  city: 'تهران',
  state: 'تهران',
  country: 'ایران',
  mobileNumber: demoAccount.mobile,
  gender: 'female',
  fatherName: 'محمد',
  postalCode: '1415893674',
  residenceAddress: 'تهران، خیابان انقلاب، خیابان فلسطین، کوچه بهار، پلاک ۱۲، واحد ۳',
  maritalStatus: 'single',
  militaryServiceStatus: 'notApplicable',
};

export async function seedDemoAccount(db: Db, clock: Clock = systemClock): Promise<DemoAccount> {
  const account = { ...demoAccount };
  if (await findUserByUsername(db, account.username)) return { ...account, created: false };
  const passwordHash = await hashPassword(account.password);
  const now = clock.now();
  const created = await db.transaction(async (tx) => {
    const userId = await createUser(tx, account.username, passwordHash, now);
    // Another process seeding at the same moment got there first.
    if (!userId) return false;
    await updateProfile(tx, userId, readProfileChanges(demoProfile, new Date(now)), now);
    await setVerifiedMobile(tx, userId, account.mobile, now);
    return true;
  });
  return { ...account, created };
}
