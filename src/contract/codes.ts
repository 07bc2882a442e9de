/**
 * The error and success catalogue of spec section 8. Client and server speak these numbers; the
 * words for each live in the fa/en catalogues under the id `error.<code>`.
 */
export const Code = {
  // Auth
  WrongCredentials: 100,
  InvalidServiceOrIncompleteProfile: 101,
  UserExists: 103,
  UserNotFound: 110,
  CodeProblem: 111,
  CodeInvalid: 112,
  InvalidEmail: 121,
  InvalidMobile: 122,
  UsernameTaken: 123,
  InvalidBirthDate: 124,
  // Success
  Done: 9000,
  Created: 9001,
  Retrieved: 9002,
  Updated: 9003,
  Deleted: 9004,
  Saved: 9005,
  Processed: 9006,
  // CRUD errors
  CreateFailed: 9100,
  NotFound: 9101,
  RetrieveFailed: 9102,
  UpdateFailed: 9103,
  DeleteFailed: 9104,
  SaveFailed: 9105,
  NotPossibleNow: 9106,
  AlreadyExists: 9107,
  // Not found
  NothingToDisplay: 9200,
  NothingToDisplayLegacy: 301,
  NoneForRequest: 9201,
  IdNotRegistered: 9202,
  NoneWithSpec: 9203,
  NotFoundUser: 9204,
  // Database
  SaveProblem: 9300,
  DatabaseError: 9301,
  TransactionFailed: 9302,
  ConcurrencyFailure: 9303,
  // General
  InvalidOperation: 9400,
  BadRequest: 9401,
  ProcessingProblem: 9402,
  TryAgain: 9403,
  ContactSupport: 9404,
} as const;

export type CodeName = keyof typeof Code;
export type CatalogueCode = (typeof Code)[CodeName];

export const allCodes: readonly CatalogueCode[] = Object.values(Code);

export function isCatalogueCode(value: unknown): value is CatalogueCode {
  return typeof value === 'number' && (allCodes as readonly number[]).includes(value);
}

/** Codes that report success; every other code is a failure. */
export function isSuccessCode(code: number): boolean {
  return code >= 9000 && code < 9100;
}

/** The catalogue id under which a code's words are kept in the fa/en catalogues. */
export function messageId(code: number): string {
  return `error.${code}`;
}

export const UNKNOWN_ERROR_ID = 'error.unknown';
