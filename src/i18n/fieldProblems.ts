/**
 * What is wrong with a field, in words for people, checked in the browser before anything is sent:
 * the same rules the server applies (src/contract), so a form rarely round-trips to learn them.
 * Each check answers a message descriptor to render with `i18n._`, or null when the value is fine.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Code } from '../contract/codes.ts';
import { isValidEmail, normalizeMobile, normalizePostalCode, toAsciiDigits } from '../contract/normalize.ts';
import { NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, USERNAME_PATTERN } from '../contract/profile.ts';
import { SMS_CODE_LENGTH } from '../contract/service.ts';
import { localDigits } from './format.ts';

export type Problem = MessageDescriptor | null;

/** The number of digits of an SMS code. */

export function usernameProblem(value: string): Problem {
  const name = value.trim();
  if (!name) return msg`Enter a username.`;
  if (!USERNAME_PATTERN.test(name)) {
    return msg`Use 3 to 32 Latin letters, digits, dots, dashes or underscores, starting with a letter.`;
  }
  return null;
}

/** A new password: length only (8–128), no composition rules (OWASP ASVS 5.0 §6.2). */
export function newPasswordProblem(value: string): Problem {
  if (!value) return msg`Enter a password.`;
  const min = localDigits(String(PASSWORD_MIN));
  const max = localDigits(String(PASSWORD_MAX));
  if ([...value].length < PASSWORD_MIN) return msg`Use at least ${min} characters.`;
  if ([...value].length > PASSWORD_MAX) return msg`Use at most ${max} characters.`;
  return null;
}

export function confirmationProblem(password: string, confirmation: string): Problem {
  if (!confirmation) return msg`Enter the password again.`;
  return password === confirmation ? null : msg`The two passwords are not the same.`;
}

/** A new password and its repetition, checked together, as every form that sets one does. */
export function newPasswordProblems(password: string, confirmation: string): { password: Problem; confirmation: Problem } {
  return { password: newPasswordProblem(password), confirmation: confirmationProblem(password, confirmation) };
}

export function mobileProblem(value: string, required = true): Problem {
  if (!value.trim()) return required ? msg`Enter your mobile number.` : null;
  const example = localDigits('09121234567');
  return normalizeMobile(value) ? null : msg`Enter an Iranian mobile number, for example ${example}.`;
}

export function smsCodeProblem(value: string): Problem {
  const code = toAsciiDigits(value).trim();
  if (!code) return msg`Enter the code we sent you.`;
  const length = localDigits(String(SMS_CODE_LENGTH));
  return new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`).test(code) ? null : msg`The code has ${length} digits.`;
}

export function emailProblem(value: string): Problem {
  if (!value.trim()) return null;
  return isValidEmail(value.trim()) ? null : msg`Enter an email address such as name@example.com.`;
}

export function postalCodeProblem(value: string): Problem {
  if (!value.trim()) return null;
  return normalizePostalCode(value) ? null : msg`A postal code has 10 digits.`;
}

/** A name-like field: required ones must be filled; none may be longer than the server keeps. */
export function nameProblem(value: string, required: MessageDescriptor | null): Problem {
  if (!value.trim()) return required;
  const max = localDigits(String(NAME_MAX));
  return value.trim().length > NAME_MAX ? msg`Use at most ${max} characters.` : null;
}

export const requiredMessages = {
  firstName: msg`Enter your first name.`,
  lastName: msg`Enter your last name.`,
  password: msg`Enter your password.`,
  currentPassword: msg`Enter your current password.`,
  username: msg`Enter your username.`,
};

/** The field a server validation code is about (spec section 5), to show the message beside it. */
export const fieldOfCode: Partial<Record<number, string>> = {
  [Code.InvalidEmail]: 'email',
  [Code.InvalidMobile]: 'mobileNumber',
  [Code.UsernameTaken]: 'publicUserName',
  [Code.InvalidBirthDate]: 'birthDay',
};

/** Said beside a new password the server refused although its length is fine (a common password). */
export const commonPasswordMessage = msg`This password is too easy to guess. Choose a longer or less common one.`;
