/** The documents whose submit or cancel moves the books: a report says when some of them are still queued here. */
import { Payment, Voucher } from '../entities/documents.ts';

export const postingDocuments = [Voucher, Payment] as const;
