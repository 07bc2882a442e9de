/**
 * The words of every catalogue code (spec section 8), under the literal ids `error.<code>` so the
 * server can read the same .po files. `{info}` is filled by whoever shows the message.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CatalogueCode } from '../contract/codes.ts';

export const codeMessages: Record<CatalogueCode, MessageDescriptor> = {
  100: msg({ id: 'error.100', message: 'Wrong username or password.' }),
  101: msg({ id: 'error.101', message: 'The service provider is not valid.' }),
  103: msg({ id: 'error.103', message: 'This user already exists. Please log in.' }),
  110: msg({ id: 'error.110', message: 'User not found.' }),
  111: msg({ id: 'error.111', message: 'There was a problem verifying the code. Request a new code.' }),
  112: msg({ id: 'error.112', message: 'The code is invalid.' }),
  121: msg({ id: 'error.121', message: 'The email format is invalid.' }),
  122: msg({ id: 'error.122', message: 'The mobile number format is invalid.' }),
  123: msg({ id: 'error.123', message: 'This username already exists.' }),
  124: msg({ id: 'error.124', message: 'The birth date is invalid.' }),
  9000: msg({ id: 'error.9000', message: 'Operation done.' }),
  9001: msg({ id: 'error.9001', message: '{info} was created successfully.' }),
  9002: msg({ id: 'error.9002', message: '{info} was retrieved successfully.' }),
  9003: msg({ id: 'error.9003', message: '{info} was updated successfully.' }),
  9004: msg({ id: 'error.9004', message: '{info} was deleted successfully.' }),
  9005: msg({ id: 'error.9005', message: '{info} was saved successfully.' }),
  9006: msg({ id: 'error.9006', message: 'The request was processed.' }),
  9100: msg({ id: 'error.9100', message: 'Creating {info} failed.' }),
  9101: msg({ id: 'error.9101', message: '{info} was not found.' }),
  9102: msg({ id: 'error.9102', message: 'Retrieving {info} failed.' }),
  9103: msg({ id: 'error.9103', message: 'Updating {info} failed.' }),
  9104: msg({ id: 'error.9104', message: 'Deleting {info} failed.' }),
  9105: msg({ id: 'error.9105', message: 'Saving {info} failed.' }),
  9106: msg({ id: 'error.9106', message: 'This operation is not possible right now.' }),
  9107: msg({ id: 'error.9107', message: '{info} already exists.' }),
  9200: msg({ id: 'error.9200', message: 'There is nothing to display.' }),
  301: msg({ id: 'error.301', message: 'There is nothing to display.' }),
  9201: msg({ id: 'error.9201', message: 'Nothing was found for this request.' }),
  9202: msg({ id: 'error.9202', message: 'This ID is not registered.' }),
  9203: msg({ id: 'error.9203', message: 'Nothing was found with these specifications.' }),
  9204: msg({ id: 'error.9204', message: 'User not found.' }),
  9300: msg({ id: 'error.9300', message: 'There was a problem saving the data.' }),
  9301: msg({ id: 'error.9301', message: 'A database error occurred.' }),
  9302: msg({ id: 'error.9302', message: 'The transaction failed.' }),
  9303: msg({ id: 'error.9303', message: 'Someone else changed this record in the meantime (concurrency failure).' }),
  9400: msg({ id: 'error.9400', message: 'Invalid operation.' }),
  9401: msg({ id: 'error.9401', message: 'The request is incorrect.' }),
  9402: msg({ id: 'error.9402', message: 'There was a problem processing the request.' }),
  9403: msg({ id: 'error.9403', message: 'Please try again later.' }),
  9404: msg({ id: 'error.9404', message: 'Please contact support.' }),
};

/** Unknown codes, and answers with no code at all. */
export const unknownErrorMessage = msg({ id: 'error.unknown', message: 'An unknown error occurred.' });

/** What `{info}` becomes when the caller names nothing. */
export const defaultInfo = msg({ id: 'error.info.default', message: 'The record' });
