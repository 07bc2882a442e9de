import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Gender, MaritalStatus, MilitaryServiceStatus } from '../../contract/profile.ts';
import type { ProfileField } from './profileForm.ts';

/** What each profile field is called, on forms and on the overview alike. */
export const fieldLabels: Record<ProfileField, MessageDescriptor> = {
  firstName: msg`First name`,
  lastName: msg`Last name`,
  email: msg`Email`,
  publicUserName: msg`Public name`,
  birthDay: msg`Birth date`,
  city: msg`City`,
  state: msg`Province`,
  country: msg`Country`,
  mobileNumber: msg`Mobile number`,
  gender: msg`Gender`,
  fatherName: msg`Father’s name`,
  postalCode: msg`Postal code`,
  residenceAddress: msg`Residence address`,
  maritalStatus: msg`Marital status`,
  militaryServiceStatus: msg`Military service status`,
};

export const genderLabels: Record<Gender, MessageDescriptor> = {
  male: msg`Male`,
  female: msg`Female`,
};

export const maritalLabels: Record<MaritalStatus, MessageDescriptor> = {
  single: msg`Single`,
  married: msg`Married`,
};

export const militaryLabels: Record<MilitaryServiceStatus, MessageDescriptor> = {
  notApplicable: msg`Not applicable`,
  completed: msg({ message: 'Completed', context: 'military service' }),
  exempt: msg`Exempt`,
  serving: msg`Serving now`,
  eligible: msg`Not yet served`,
};
