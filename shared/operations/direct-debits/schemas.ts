import * as z from 'zod/mini';
import {
  mandateAmendReasonCode,
  mandateCancelReasonCode,
  mandateReference,
  mandateReturnReason,
  mandateType,
  originatorName,
  payerName,
  serviceUserNumber,
} from '#shared/domain/direct-debit-rules.js';
import { describedAs } from '../json-schema.js';
import { pagingFields, pagingQuery } from '../paging.js';

/**
 * Spec part 1, "Direct debit instructions" and the direct-debit reads of "Payment data", brought in line
 * with the bank's published schemas (`v1.json`, `v2.json`; see shared/spec/bank-reference.md). The field
 * rules of an instruction (service user number, the upper-case character set and lengths, mandate types,
 * reason codes) live in `shared/domain/direct-debit-rules.ts`; this file puts them into bodies and adds
 * the reads' filters. Lower-case letters in a reference are refused, never upper-cased: the bank's
 * character set is upper case, and changing the caller's reference would change the duplicate check.
 */

/** Instruction states as the reference lists them (`v2.json`, `DirectDebitMandate.state`). */
export const MANDATE_STATES = [
  'Active',
  'PendingInitiation',
  'Cancelled',
  'Rejected',
  'Finished',
  'Returned',
] as const;
export type MandateState = (typeof MANDATE_STATES)[number];

export const MESSAGES = {
  sun: 'sun must be exactly 6 digits.',
  reasonCodeFilter: 'reasonCode must be 1 to 35 letters or digits.',
  paymentReference: 'paymentReference must be 1 to 140 characters long.',
  transactionCodes: 'transactionCodes must be 1 to 35 letters or digits (one code).',
  amount: 'amount must be a decimal number such as 10.50.',
  processingDateFrom:
    'processingDateFrom must be an ISO 8601 date or date-time, such as 2026-03-01 or 2026-03-01T00:00:00Z.',
  processingDateTo:
    'processingDateTo must be an ISO 8601 date or date-time, such as 2026-03-31 or 2026-03-31T23:59:59Z.',
  processingDateRange: 'processingDateFrom must not be after processingDateTo.',
  startDate: 'startDate must be an ISO 8601 date or date-time, such as 2026-03-01 or 2026-03-01T00:00:00Z.',
  endDate: 'endDate must be an ISO 8601 date or date-time, such as 2026-03-31 or 2026-03-31T23:59:59Z.',
  dateRange: 'startDate must not be after endDate.',
  referenceFilter: 'reference must be 1 to 18 characters long.',
  account: 'identification is required: an object with iban or other.',
  counterpartAccount: 'counterpartAccount must be an object with identification.',
  newDebtorAccount: 'newDebtorAccount is required: an object with identification.',
  iban: 'iban must be text.',
  otherIdentification: 'other.identification must be 1 to 34 characters long.',
  schemeName: 'other.schemeName is required: an object with code or proprietary.',
  schemeCode: 'schemeName.code must be BBAN, CUID or UPIC.',
  proprietary: 'schemeName.proprietary must be 1 to 35 characters long.',
  issuer: 'other.issuer must be at most 35 characters long.',
} as const;

const text = (message: string, min: number, max: number) =>
  z.string({ error: message }).check(z.minLength(min, message), z.maxLength(max, message));
/** Text whose whole rule, length included, is one pattern: one message per failure. */
const matching = (message: string, pattern: RegExp) =>
  z.string({ error: message }).check(z.regex(pattern, message));

// --- Query filters ---------------------------------------------------------------------------------------

const isoDate = z.lazy(() => z.iso.date());
const isoDateTime = z.lazy(() => z.iso.datetime({ offset: true }));

/**
 * The reference types these filters `date-time`; the spec writes the account-level ones as YYYY-MM-DD.
 * Both are accepted (never refuse what the bank accepts) and forwarded as written.
 */
function dateOrDateTime(message: string) {
  return describedAs(
    z
      .string({ error: message })
      .check(
        z.refine(
          (value) => isoDate.safeParse(value).success || isoDateTime.safeParse(value).success,
          message,
        ),
      ),
    z.union([isoDate, isoDateTime]),
  );
}

/** A start not after its end; a date alone is the start of that day (UTC), as `Date.parse` reads it. */
function inOrder(start: string | undefined, end: string | undefined): boolean {
  return start === undefined || end === undefined || Date.parse(start) <= Date.parse(end);
}

const sun = z.lazy(() => matching(MESSAGES.sun, /^\d{6}$/));

/**
 * `amount` as decimal text (`double` in the reference): kept as the caller wrote it, never read into a
 * float, so the bank filters on the same digits.
 */
const amountFilter = z.lazy(() => matching(MESSAGES.amount, /^-?\d{1,15}(\.\d{1,15})?$/));

/**
 * `GET /v1/Transactions/{sortCode}/DirectCredit/Unapplied` and `.../DirectDebit/Unpaid` (`v1.json`).
 * The reference sets no rule on `reasonCode`, `paymentReference` or the items of `transactionCodes`; the
 * bounds here only keep a filter one short token. `transactionCodes` is an exploded array at the bank
 * (`?transactionCodes=01&transactionCodes=17`); the gateway receives one value per name, so one code.
 */
export const sortCodeItemsQuery = z.lazy(() =>
  z
    .strictObject({
      ...pagingFields(),
      reasonCode: z.optional(matching(MESSAGES.reasonCodeFilter, /^[A-Za-z0-9]{1,35}$/)),
      sun: z.optional(sun),
      paymentReference: z.optional(text(MESSAGES.paymentReference, 1, 140)),
      processingDateFrom: z.optional(dateOrDateTime(MESSAGES.processingDateFrom)),
      processingDateTo: z.optional(dateOrDateTime(MESSAGES.processingDateTo)),
      amount: z.optional(amountFilter),
      transactionCodes: z.optional(matching(MESSAGES.transactionCodes, /^[A-Za-z0-9]{1,35}$/)),
    })
    .check(
      z.refine((query) => inOrder(query.processingDateFrom, query.processingDateTo), {
        message: MESSAGES.processingDateRange,
        path: ['processingDateFrom'],
      }),
    ),
);
export type SortCodeItemsQuery = z.output<typeof sortCodeItemsQuery>;

/** `GET /v2/Accounts/{accountId}[/Virtual/{virtualAccountId}]/Mandates/Unpaid` (`v2.json`). */
export const accountUnpaidQuery = z.lazy(() =>
  z
    .strictObject({
      ...pagingFields(),
      startDate: z.optional(dateOrDateTime(MESSAGES.startDate)),
      endDate: z.optional(dateOrDateTime(MESSAGES.endDate)),
      sun: z.optional(sun),
      reference: z.optional(text(MESSAGES.referenceFilter, 1, 18)),
    })
    .check(
      z.refine((query) => inOrder(query.startDate, query.endDate), {
        message: MESSAGES.dateRange,
        path: ['startDate'],
      }),
    ),
);
export type AccountUnpaidQuery = z.output<typeof accountUnpaidQuery>;

/** `GET /v2/.../Mandates/{mandateId}/Collections` (`v2.json`): optional dates and paging. */
export const collectionsQuery = z.lazy(() =>
  z
    .strictObject({
      ...pagingFields(),
      startDate: z.optional(dateOrDateTime(MESSAGES.startDate)),
      endDate: z.optional(dateOrDateTime(MESSAGES.endDate)),
    })
    .check(
      z.refine((query) => inOrder(query.startDate, query.endDate), {
        message: MESSAGES.dateRange,
        path: ['startDate'],
      }),
    ),
);
export type CollectionsQuery = z.output<typeof collectionsQuery>;

/** `GET /v2/.../Mandates`: paging only. */
export const mandatesQuery = pagingQuery;

// --- Instruction bodies ----------------------------------------------------------------------------------

/**
 * `CounterpartAccount` of `v1.json` (the counterpart on create, the new debtor on amend): `identification`
 * required, with an IBAN or a generic identification (`BBAN` for a sort code and account number).
 */
function counterpartAccount(message: string) {
  return z.strictObject(
    {
      identification: z.strictObject(
        {
          iban: z.optional(z.string({ error: MESSAGES.iban })),
          other: z.optional(
            z.strictObject(
              {
                identification: text(MESSAGES.otherIdentification, 1, 34),
                schemeName: z.strictObject(
                  {
                    code: z.optional(z.enum(['BBAN', 'CUID', 'UPIC'], { error: MESSAGES.schemeCode })),
                    proprietary: z.optional(text(MESSAGES.proprietary, 1, 35)),
                  },
                  { error: MESSAGES.schemeName },
                ),
                issuer: z.optional(text(MESSAGES.issuer, 0, 35)),
              },
              { error: MESSAGES.account },
            ),
          ),
        },
        { error: MESSAGES.account },
      ),
    },
    { error: message },
  );
}

/** `POST /v1/Accounts/{accountId}[/Virtual/{virtualAccountId}]/Mandates` (`MandateCreationRequest`). */
export const createMandateBody = z.lazy(() =>
  z.strictObject({
    serviceUserNumber,
    originatorName: z.optional(originatorName),
    reference: mandateReference,
    payerName: z.optional(payerName),
    counterpartAccount: z.optional(counterpartAccount(MESSAGES.counterpartAccount)),
    mandateType: z.optional(mandateType),
  }),
);

/** `PATCH .../Mandates/{mandateId}` (`MandateAmendmentRequest`): both members required. */
export const amendMandateBody = z.lazy(() =>
  z.strictObject({
    reasonCode: mandateAmendReasonCode,
    newDebtorAccount: counterpartAccount(MESSAGES.newDebtorAccount),
  }),
);

/** `POST .../Mandates/{mandateId}/Returns` (`DirectDebitMandateRejectRequest`). */
export const returnMandateBody = z.lazy(() => z.strictObject({ rejectionReason: mandateReturnReason }));

/** `DELETE .../Mandates/{mandateId}` (`MandateCancellationRequest`): a DELETE with a signed JSON body. */
export const cancelMandateBody = z.lazy(() => z.strictObject({ reasonCode: mandateCancelReasonCode }));

/**
 * `POST .../Transactions/Returns` (`v1.json`): the Bacs items to send back, each by its transaction id with a
 * one-character reason. The reason is one a return of either kind may carry: a direct credit's (ARUCS: 0, 2,
 * 3, 5, B, C) or a direct debit's (ARUDD: 0 to 9, A, B), as the return-created webhook pages list them; the
 * bank (and the simulator) judges it against the item's kind.
 */
export const ITEM_RETURN_REASONS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'A', 'B', 'C'] as const;
export const ITEM_RETURN_MESSAGES = {
  returns: 'returns is required: a list of at least one { transactionId, reasonCode }.',
  transactionId: 'transactionId must be a GUID.',
  reasonCode:
    'reasonCode must be one character: 0, 2, 3, 5, B or C for a direct credit, 0 to 9, A or B for a direct debit.',
} as const;
export const returnItemsBody = z.lazy(() =>
  z.strictObject({
    returns: z
      .array(
        z.strictObject({
          transactionId: z.guid({ error: ITEM_RETURN_MESSAGES.transactionId }),
          reasonCode: z.enum(ITEM_RETURN_REASONS, { error: ITEM_RETURN_MESSAGES.reasonCode }),
        }),
        { error: ITEM_RETURN_MESSAGES.returns },
      )
      .check(z.minLength(1, ITEM_RETURN_MESSAGES.returns)),
  }),
);

export type CreateMandateBody = z.output<typeof createMandateBody>;
export type ReturnItemsBody = z.output<typeof returnItemsBody>;
export type AmendMandateBody = z.output<typeof amendMandateBody>;
export type ReturnMandateBody = z.output<typeof returnMandateBody>;
export type CancelMandateBody = z.output<typeof cancelMandateBody>;
export type CounterpartAccount = NonNullable<CreateMandateBody['counterpartAccount']>;
