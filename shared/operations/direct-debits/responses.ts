import * as z from 'zod/mini';
import { halLink } from '../sterling-accounts/responses.js';
import { MANDATE_STATES } from './schemas.js';

/**
 * The bank's success answers for direct debits, written from its published reference (`v1.json`,
 * `v2.json`; reference-digest.md lines 663-1240), keyed by operation id. Strict: an undocumented member
 * fails, so a renamed one does too; documented members are required (the bank sends each, null where it
 * has no value is not documented, so a value is expected). HAL links are absolute, as the bank writes them.
 * The contract tests (test/contract/) hold the simulator to these; nothing in the gateway parses answers.
 */

const guid = z.guid();
const dateTime = z.iso.datetime({ offset: true });
const halLinks = z.array(halLink);

/** Values as the reference lists them for an unpaid or unapplied item. */
export const PENDING_TRANSACTION_TYPES = [
  'DirectCredit',
  'DirectDebit',
  'DirectDebitIndemnityClaim',
] as const;
export const PENDING_TRANSACTION_STATUSES = [
  'Pending',
  'Rejected',
  'FailedInternalValidation',
  'Processed',
  'Returned',
  'Recalled',
  'ContraNotReceived',
] as const;

/** `other` of an account identification: `identification` and `schemeName` required (`v1.json`). */
const genericIdentification = z.strictObject({
  identification: z.string().check(z.minLength(1), z.maxLength(34)),
  schemeName: z.strictObject({
    code: z.optional(z.enum(['BBAN', 'CUID', 'UPIC'])),
    proprietary: z.optional(z.string().check(z.minLength(1), z.maxLength(35))),
  }),
  issuer: z.optional(z.string().check(z.maxLength(35))),
});

/** The sort-code lists' account: an IBAN and/or a generic identification. */
const itemAccount = z.strictObject({
  identification: z.strictObject({
    iban: z.optional(z.string()),
    other: z.optional(genericIdentification),
  }),
});

/** The account-level unpaid lists' account also carries name, sort code, number and reference. */
const accountLevelItemAccount = z.strictObject({
  identification: z.strictObject({
    iban: z.optional(z.string()),
    accountName: z.optional(z.string()),
    sortCode: z.optional(z.string()),
    accountNumber: z.optional(z.string()),
    reference: z.optional(z.string()),
    other: z.optional(genericIdentification),
  }),
});

const itemFields = {
  pendingTransactionId: guid,
  transactionType: z.enum(PENDING_TRANSACTION_TYPES),
  transactionStatus: z.enum(PENDING_TRANSACTION_STATUSES),
  amount: z.number(),
  paymentReference: z.string(),
  processingDate: dateTime,
  settlementDate: dateTime,
  transferredDate: dateTime,
  serviceUserNumber: z.string(),
  transactionCode: z.string(),
  isReturn: z.boolean(),
  hasReturn: z.boolean(),
  reasonCode: z.string(),
  collectionReference: z.string(),
};

/** An item of `GET /v1/Transactions/{sortCode}/DirectCredit/Unapplied` and `.../DirectDebit/Unpaid`. */
export const sortCodeItem = z.strictObject({
  ...itemFields,
  creditorAccount: itemAccount,
  debtorAccount: itemAccount,
  creditorAccountName: z.string(),
  debtorAccountName: z.string(),
});

/** An item of `GET /v2/.../Mandates/Unpaid` (no account names beside the accounts). */
export const accountUnpaidItem = z.strictObject({
  ...itemFields,
  creditorAccount: accountLevelItemAccount,
  debtorAccount: accountLevelItemAccount,
});

/** An instruction as `GET /v2/.../Mandates` lists it. */
export const directDebitMandate = z.strictObject({
  mandateId: guid,
  payerName: z.string(),
  payerBban: z.string(),
  payerAccountNumber: z.string(),
  payerSortCode: z.string(),
  reference: z.string(),
  serviceUserNumber: z.string(),
  originatorName: z.string(),
  mandateType: z.enum(['PaperMandate', 'Origination', 'Migrated']),
  state: z.enum(MANDATE_STATES),
});

/** A collection of an instruction (`GET /v2/.../Mandates/{mandateId}/Collections`, answered 202). */
export const mandateCollection = z.strictObject({
  transactionId: guid,
  date: dateTime,
  amount: z.strictObject({
    instructedAmount: z.number(),
    // ISO 4217 shape; the reference enumerates 178 codes, a Bacs collection is in GBP.
    currency: z.string().check(z.regex(/^[A-Z]{3}$/)),
  }),
  status: z.string(),
  reference: z.string(),
  debtorBban: z.string(),
  debtorAccountName: z.string(),
  debtorSortCode: z.string(),
  debtorAccountNumber: z.string(),
});

const unapplied = z.strictObject({ unappliedTransactions: z.array(sortCodeItem), halLinks });
const sortCodeUnpaid = z.strictObject({ unpaidTransactions: z.array(sortCodeItem), halLinks });
const accountUnpaid = z.strictObject({ unpaidTransactions: z.array(accountUnpaidItem), halLinks });
const collections = z.strictObject({ mandateTransactions: z.array(mandateCollection), halLinks });
const mandates = z.strictObject({ directDebitMandates: z.array(directDebitMandate), halLinks });
/** `EmptyApiResponse`: the 202 of every instruction write. */
const accepted = z.strictObject({ halLinks });

/** The documented success status of each operation: 200 for the lists, 202 for collections and writes. */
export const directDebitSuccessStatus = {
  listUnappliedDirectCredits: 200,
  listUnpaidDirectDebits: 200,
  listAccountUnpaidDirectDebits: 200,
  listVirtualAccountUnpaidDirectDebits: 200,
  listMandateCollections: 202,
  listVirtualMandateCollections: 202,
  createMandate: 202,
  listMandates: 200,
  amendMandate: 202,
  returnMandate: 202,
  cancelMandate: 202,
  createVirtualMandate: 202,
  listVirtualMandates: 200,
  amendVirtualMandate: 202,
  returnVirtualMandate: 202,
  cancelVirtualMandate: 202,
  returnTransactions: 202,
  returnVirtualTransactions: 202,
} as const;

export const directDebitResponses = {
  listUnappliedDirectCredits: unapplied,
  listUnpaidDirectDebits: sortCodeUnpaid,
  listAccountUnpaidDirectDebits: accountUnpaid,
  listVirtualAccountUnpaidDirectDebits: accountUnpaid,
  listMandateCollections: collections,
  listVirtualMandateCollections: collections,
  createMandate: accepted,
  listMandates: mandates,
  amendMandate: accepted,
  returnMandate: accepted,
  cancelMandate: accepted,
  createVirtualMandate: accepted,
  listVirtualMandates: mandates,
  amendVirtualMandate: accepted,
  returnVirtualMandate: accepted,
  cancelVirtualMandate: accepted,
  returnTransactions: accepted,
  returnVirtualTransactions: accepted,
} as const;
