/**
 * The profile as a form holds it: every field a string (the birth date an ISO date or null), read
 * from the current user, checked before sending with the contract's rules, and turned into the
 * payloads the spec names: the registration profile, or the whole profile on update.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { normalizeMobile, normalizePostalCode } from '../../contract/normalize.ts';
import {
  parseBirthDay,
  type CompleteProfilePayload,
  type CurrentUser,
  type Gender,
  type MaritalStatus,
  type MilitaryServiceStatus,
  type ProfilePayload,
  type RegistrationProfilePayload,
} from '../../contract/profile.ts';
import { emailProblem, mobileProblem, nameProblem, postalCodeProblem, requiredMessages, type Problem } from '../../i18n/fieldProblems.ts';

export interface ProfileValues {
  firstName: string;
  lastName: string;
  email: string;
  publicUserName: string;
  birthDay: string | null;
  city: string;
  state: string;
  country: string;
  mobileNumber: string;
  gender: Gender | '';
  fatherName: string;
  postalCode: string;
  residenceAddress: string;
  maritalStatus: MaritalStatus | '';
  militaryServiceStatus: MilitaryServiceStatus | '';
}

export type ProfileField = keyof ProfileValues;
export type ProfileProblems = Partial<Record<ProfileField, MessageDescriptor>>;

export const emptyProfile: ProfileValues = {
  firstName: '',
  lastName: '',
  email: '',
  publicUserName: '',
  birthDay: null,
  city: '',
  state: '',
  country: '',
  mobileNumber: '',
  gender: '',
  fatherName: '',
  postalCode: '',
  residenceAddress: '',
  maritalStatus: '',
  militaryServiceStatus: '',
};

export function valuesOf(user: CurrentUser): ProfileValues {
  const values = { ...emptyProfile };
  for (const field of Object.keys(emptyProfile) as ProfileField[]) {
    const value = user[field as keyof CurrentUser];
    if (typeof value === 'string') (values as Record<ProfileField, string | null>)[field] = value;
  }
  values.birthDay = user.birthDay || null;
  if (values.publicUserName.toLowerCase() === 'null') values.publicUserName = '';
  return values;
}

const birthDayProblem = msg`Enter a real birth date that is not in the future.`;
const mobileNeeded = msg`Enter your mobile number. We will send a code to verify it.`;

/** Problems of the registration part: names required, mobile required (at registration), formats checked. */
export function registrationProblems(values: ProfileValues, mobileRequired = true): ProfileProblems {
  const found: Record<string, Problem> = {
    firstName: nameProblem(values.firstName, requiredMessages.firstName),
    lastName: nameProblem(values.lastName, requiredMessages.lastName),
    email: emailProblem(values.email),
    publicUserName: nameProblem(values.publicUserName, null),
    birthDay: values.birthDay && !parseBirthDay(values.birthDay) ? birthDayProblem : null,
    city: nameProblem(values.city, null),
    state: nameProblem(values.state, null),
    country: nameProblem(values.country, null),
    mobileNumber: values.mobileNumber.trim() || !mobileRequired ? mobileProblem(values.mobileNumber, false) : mobileNeeded,
  };
  return Object.fromEntries(Object.entries(found).filter(([, p]) => p)) as ProfileProblems;
}

/** Problems of the whole profile: the registration part and the complete-profile subset. */
export function fullProblems(values: ProfileValues): ProfileProblems {
  const found: Record<string, Problem> = {
    fatherName: nameProblem(values.fatherName, null),
    postalCode: postalCodeProblem(values.postalCode),
  };
  return { ...registrationProblems(values, false), ...(Object.fromEntries(Object.entries(found).filter(([, p]) => p)) as ProfileProblems) };
}

function trimmed(values: ProfileValues) {
  return {
    email: values.email.trim(),
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    publicUserName: values.publicUserName.trim(),
    birthDay: values.birthDay ?? '',
    city: values.city.trim(),
    state: values.state.trim(),
    country: values.country.trim(),
    mobileNumber: normalizeMobile(values.mobileNumber) ?? values.mobileNumber.trim(),
    gender: values.gender,
  };
}

export function registrationPayload(values: ProfileValues): RegistrationProfilePayload {
  return trimmed(values);
}

export function completePayload(values: ProfileValues): CompleteProfilePayload {
  return {
    fatherName: values.fatherName.trim(),
    postalCode: normalizePostalCode(values.postalCode) ?? values.postalCode.trim(),
    residenceAddress: values.residenceAddress.trim(),
    maritalStatus: values.maritalStatus,
    militaryServiceStatus: values.militaryServiceStatus,
  };
}

/** The whole profile, as UpdateProfile takes it (updateProfile sets userId 0 and "" for no public name). */
export function fullPayload(values: ProfileValues): ProfilePayload {
  return { ...trimmed(values), ...completePayload(values) };
}
