import * as z from 'zod/mini';
import type { Operation } from '../operation.js';
import { bankId, sortCodeSegment } from '../path-params.js';
import {
  accountUnpaidQuery,
  amendMandateBody,
  cancelMandateBody,
  collectionsQuery,
  createMandateBody,
  mandatesQuery,
  returnItemsBody,
  returnMandateBody,
  sortCodeItemsQuery,
} from './schemas.js';

/**
 * Spec part 1, "Direct debit instructions" (create, list, amend, return, cancel on real and virtual
 * accounts) and the direct-debit reads of "Payment data" (unapplied credits and unpaid debits by sort code,
 * unpaid debits per account, collections per instruction): 16 operations, one function. Every write
 * requires an Idempotency-Key: the bank's only duplicate check on a create is service user number plus
 * reference, and an amend, return or cancel acts on the scheme, so none may be sent twice by a retry.
 * Each write can be read back in the instruction list of its account.
 */
const fn = 'direct-debits';

const sortCodePath = z.lazy(() => z.strictObject({ sortCode: sortCodeSegment() }));
const accountPath = z.lazy(() => z.strictObject({ accountId: bankId('accountId') }));
const virtualAccountPath = z.lazy(() =>
  z.strictObject({
    accountId: bankId('accountId'),
    virtualAccountId: bankId('virtualAccountId'),
  }),
);
const mandatePath = z.lazy(() =>
  z.strictObject({ accountId: bankId('accountId'), mandateId: bankId('mandateId') }),
);
const virtualMandatePath = z.lazy(() =>
  z.strictObject({
    accountId: bankId('accountId'),
    virtualAccountId: bankId('virtualAccountId'),
    mandateId: bankId('mandateId'),
  }),
);

const MANDATES = '/v2/Accounts/{accountId}/Mandates' as const;
const VIRTUAL_MANDATES = '/v2/Accounts/{accountId}/Virtual/{virtualAccountId}/Mandates' as const;

// --- Reads -----------------------------------------------------------------------------------------------

export const listUnappliedDirectCredits = {
  id: 'listUnappliedDirectCredits',
  summary: 'List unapplied direct credits',
  description:
    'Lists the Bacs direct credits to a sort code that could not be applied to an account, a page at a time.',
  method: 'GET',
  path: '/v1/Transactions/{sortCode}/DirectCredit/Unapplied' as const,
  pathParams: sortCodePath,
  fn,
  query: sortCodeItemsQuery,
} satisfies Operation;

export const listUnpaidDirectDebits = {
  id: 'listUnpaidDirectDebits',
  summary: 'List unpaid direct debits of a sort code',
  description: 'Lists the direct debits on accounts of a sort code that were not paid, a page at a time.',
  method: 'GET',
  path: '/v1/Transactions/{sortCode}/DirectDebit/Unpaid' as const,
  pathParams: sortCodePath,
  fn,
  query: sortCodeItemsQuery,
} satisfies Operation;

export const listAccountUnpaidDirectDebits = {
  id: 'listAccountUnpaidDirectDebits',
  summary: "List a sterling account's unpaid direct debits",
  description:
    'Lists the direct debits on a real account that were not paid, between two dates, a page at a time.',
  method: 'GET',
  path: '/v2/Accounts/{accountId}/Mandates/Unpaid' as const,
  pathParams: accountPath,
  fn,
  query: accountUnpaidQuery,
} satisfies Operation;

export const listVirtualAccountUnpaidDirectDebits = {
  id: 'listVirtualAccountUnpaidDirectDebits',
  summary: "List a virtual account's unpaid direct debits",
  description:
    'Lists the direct debits on a virtual account that were not paid, between two dates, a page at a time.',
  method: 'GET',
  path: '/v2/Accounts/{accountId}/Virtual/{virtualAccountId}/Mandates/Unpaid' as const,
  pathParams: virtualAccountPath,
  fn,
  query: accountUnpaidQuery,
} satisfies Operation;

/** The bank answers this read 202 (the reference lists no other success). */
export const listMandateCollections = {
  id: 'listMandateCollections',
  summary: "List a direct debit instruction's collections",
  description:
    'Lists the collections made under a direct debit instruction on a real account, a page at a time.',
  method: 'GET',
  path: '/v2/Accounts/{accountId}/Mandates/{mandateId}/Collections' as const,
  pathParams: mandatePath,
  fn,
  query: collectionsQuery,
} satisfies Operation;

export const listVirtualMandateCollections = {
  id: 'listVirtualMandateCollections',
  summary: "List a virtual account instruction's collections",
  description:
    'Lists the collections made under a direct debit instruction on a virtual account, a page at a time.',
  method: 'GET',
  path: '/v2/Accounts/{accountId}/Virtual/{virtualAccountId}/Mandates/{mandateId}/Collections' as const,
  pathParams: virtualMandatePath,
  fn,
  query: collectionsQuery,
} satisfies Operation;

// --- Instructions on a real account ----------------------------------------------------------------------

export const createMandate = {
  id: 'createMandate',
  summary: 'Create a direct debit instruction',
  description:
    "Sets up a direct debit instruction on a real account for an originator's service user number and reference; the bank reports it by webhook.",
  method: 'POST',
  path: '/v1/Accounts/{accountId}/Mandates' as const,
  pathParams: accountPath,
  fn,
  body: createMandateBody,
  requiresIdempotencyKey: true,
  readBack: MANDATES,
} satisfies Operation;

export const listMandates = {
  id: 'listMandates',
  summary: "List a sterling account's direct debit instructions",
  description: 'Lists the direct debit instructions on a real account, a page at a time.',
  method: 'GET',
  path: MANDATES,
  pathParams: accountPath,
  fn,
  query: mandatesQuery,
} satisfies Operation;

export const amendMandate = {
  id: 'amendMandate',
  summary: 'Amend a direct debit instruction',
  description: 'Moves a direct debit instruction on a real account to a new debtor account.',
  method: 'PATCH',
  path: '/v1/Accounts/{accountId}/Mandates/{mandateId}' as const,
  pathParams: mandatePath,
  fn,
  body: amendMandateBody,
  requiresIdempotencyKey: true,
  readBack: MANDATES,
} satisfies Operation;

export const returnMandate = {
  id: 'returnMandate',
  summary: 'Return a direct debit instruction',
  description: 'Rejects a direct debit instruction on a real account with a Bacs reason.',
  method: 'POST',
  path: '/v1/Accounts/{accountId}/Mandates/{mandateId}/Returns' as const,
  pathParams: mandatePath,
  fn,
  body: returnMandateBody,
  requiresIdempotencyKey: true,
  readBack: MANDATES,
} satisfies Operation;

/** A DELETE with a JSON body (`reasonCode`), signed like a POST (webhooks.md, "Facts the spec parts leave out"). */
export const cancelMandate = {
  id: 'cancelMandate',
  summary: 'Cancel a direct debit instruction',
  description: 'Cancels a direct debit instruction on a real account with a reason code.',
  method: 'DELETE',
  path: '/v1/Accounts/{accountId}/Mandates/{mandateId}' as const,
  pathParams: mandatePath,
  fn,
  body: cancelMandateBody,
  requiresIdempotencyKey: true,
  readBack: MANDATES,
} satisfies Operation;

// --- Instructions on a virtual account (the same bodies) -------------------------------------------------

export const createVirtualMandate = {
  id: 'createVirtualMandate',
  summary: 'Create a virtual account instruction',
  description:
    "Sets up a direct debit instruction on a virtual account for an originator's service user number and reference; the bank reports it by webhook.",
  method: 'POST',
  path: '/v1/Accounts/{accountId}/Virtual/{virtualAccountId}/Mandates' as const,
  pathParams: virtualAccountPath,
  fn,
  body: createMandateBody,
  requiresIdempotencyKey: true,
  readBack: VIRTUAL_MANDATES,
} satisfies Operation;

export const listVirtualMandates = {
  id: 'listVirtualMandates',
  summary: "List a virtual account's direct debit instructions",
  description: 'Lists the direct debit instructions on a virtual account, a page at a time.',
  method: 'GET',
  path: VIRTUAL_MANDATES,
  pathParams: virtualAccountPath,
  fn,
  query: mandatesQuery,
} satisfies Operation;

export const amendVirtualMandate = {
  id: 'amendVirtualMandate',
  summary: 'Amend a virtual account instruction',
  description: 'Moves a direct debit instruction on a virtual account to a new debtor account.',
  method: 'PATCH',
  path: '/v1/Accounts/{accountId}/Virtual/{virtualAccountId}/Mandates/{mandateId}' as const,
  pathParams: virtualMandatePath,
  fn,
  body: amendMandateBody,
  requiresIdempotencyKey: true,
  readBack: VIRTUAL_MANDATES,
} satisfies Operation;

export const returnVirtualMandate = {
  id: 'returnVirtualMandate',
  summary: 'Return a virtual account instruction',
  description: 'Rejects a direct debit instruction on a virtual account with a Bacs reason.',
  method: 'POST',
  path: '/v1/Accounts/{accountId}/Virtual/{virtualAccountId}/Mandates/{mandateId}/Returns' as const,
  pathParams: virtualMandatePath,
  fn,
  body: returnMandateBody,
  requiresIdempotencyKey: true,
  readBack: VIRTUAL_MANDATES,
} satisfies Operation;

export const cancelVirtualMandate = {
  id: 'cancelVirtualMandate',
  summary: 'Cancel a virtual account instruction',
  description: 'Cancels a direct debit instruction on a virtual account with a reason code.',
  method: 'DELETE',
  path: '/v1/Accounts/{accountId}/Virtual/{virtualAccountId}/Mandates/{mandateId}' as const,
  pathParams: virtualMandatePath,
  fn,
  body: cancelMandateBody,
  requiresIdempotencyKey: true,
  readBack: VIRTUAL_MANDATES,
} satisfies Operation;

// --- Item returns ------------------------------------------------------------------------------------------

/**
 * Bacs item returns (`v1.json`, `/v1/Accounts/{accountId}/Transactions/Returns`): a direct credit received or a
 * direct debit paid is sent back, money and all, with `BacsDirectCreditReturnCreated` or
 * `BacsDirectDebitReturnCreated`. Money moves, so an Idempotency-Key is required; nothing reads a return back.
 */
export const returnTransactions = {
  id: 'returnTransactions',
  summary: 'Return Bacs items of a sterling account',
  description:
    'Returns Bacs direct credits received by, or direct debits paid from, a real account, each by its transaction id with a reason code; the bank answers 202 and sends a return-created webhook per item.',
  method: 'POST',
  path: '/v1/Accounts/{accountId}/Transactions/Returns' as const,
  pathParams: accountPath,
  fn,
  body: returnItemsBody,
  requiresIdempotencyKey: true,
} satisfies Operation;

export const returnVirtualTransactions = {
  id: 'returnVirtualTransactions',
  summary: 'Return Bacs items of a virtual account',
  description:
    'Returns Bacs direct credits received by, or direct debits paid from, a virtual account, each by its transaction id with a reason code; the bank answers 202 and sends a return-created webhook per item.',
  method: 'POST',
  path: '/v1/Accounts/{accountId}/Virtual/{virtualAccountId}/Transactions/Returns' as const,
  pathParams: virtualAccountPath,
  fn,
  body: returnItemsBody,
  requiresIdempotencyKey: true,
} satisfies Operation;

export const directDebitOperations: readonly Operation[] = [
  listUnappliedDirectCredits,
  listUnpaidDirectDebits,
  listAccountUnpaidDirectDebits,
  listVirtualAccountUnpaidDirectDebits,
  listMandateCollections,
  listVirtualMandateCollections,
  createMandate,
  listMandates,
  amendMandate,
  returnMandate,
  cancelMandate,
  createVirtualMandate,
  listVirtualMandates,
  amendVirtualMandate,
  returnVirtualMandate,
  cancelVirtualMandate,
  returnTransactions,
  returnVirtualTransactions,
];
