import * as z from 'zod/mini';
import { FieldRuleError } from '#shared/domain/errors.js';
import { isValidIban } from '#shared/domain/iban.js';
import {
  bankIdentifierCode,
  internalTransferEndToEndId,
  internalTransferReference,
  isUkBic,
  MCCY_ACCOUNT_KINDS,
  MCCY_ACCOUNT_MESSAGES,
  mccyCurrency,
  MCCY_AMOUNT,
  mccyInstructedCurrency,
  mccyLabel,
  mccyOwner,
  mccySettableStatus,
  mccyStatusReason,
  transactionPageSize,
  UK_ROUTING_CODE,
  wholeNumberQuery,
} from '#shared/domain/mccy-rules.js';
import { amountWithin, jsonDecimal } from '#shared/domain/money.js';
import {
  checkStatementPeriod,
  STATEMENT_MESSAGES,
  statementMonth,
  statementYear,
} from '#shared/domain/statement-rules.js';
import type { FieldErrors } from '#shared/http/validation.js';
import { pagingQuery } from '../paging.js';

/**
 * Spec part 2, multi-currency accounts, virtual accounts, transactions, statements, internal transfers and the
 * simulated inbound payment, brought in line with the bank's published schemas (`mccy-accounts-v1.json`,
 * `mccy-accounts-v2.json`, `mccy-transactions-v1.json`, `mccy-statements-v1.json`,
 * `mccy-internal-transfers-v1.json`, `mccy-jpm-emulator-v1.json`; see shared/spec/bank-reference.md). The
 * single-field rules live in `shared/domain/mccy-rules.ts` and `statement-rules.ts`; this file puts them into
 * bodies and queries. GBP is refused in every currency field of the family.
 */

export const MESSAGES = {
  ...MCCY_ACCOUNT_MESSAGES,
  labelAmend: 'label must be 1 to 100 characters.',
  ownerAmend: 'owner must be 1 to 140 characters.',
  currencies: 'currencies must be a list of at least one three-letter ISO 4217 code.',
  currenciesRepeated: 'currencies must not name a currency twice.',
  guid: (field: string) => `${field} must be a GUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6.`,
  virtualIdentifierKind: 'kind must be 1 to 50 characters, such as Iban.',
  accountCloseReason: 'accountCloseReason must be 1 to 50 letters, such as Other or AccountSwitched.',
  pageNumber: 'PageNumber must be a whole number from 1 to 999999999.',
  startDateTime: 'StartDateTime must be an ISO 8601 date-time with an offset, such as 2026-03-01T00:00:00Z.',
  endDateTime: 'EndDateTime must be an ISO 8601 date-time with an offset, such as 2026-03-31T23:59:59Z.',
  dateTimeRange: 'StartDateTime must not be after EndDateTime.',
  instructedAmount:
    'instructedAmount must be a number from 0.01 to 999999999.99 with at most 2 decimal places.',
  accountIban: (field: string) => `${field} must be an IBAN: upper case, no spaces, with valid check digits.`,
  otherKind: 'kind must be at least 1 character.',
  otherIdentifier: 'identifier must be a GUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6.',
  debitAccount: 'debitAccountIban or debitAccountOther is required.',
  creditAccount: 'creditAccountIban or creditAccountOther is required.',
  inboundReference: 'reference must be at most 140 characters.',
  inboundEndToEndId: 'endToEndId must be at most 15 characters.',
  creditorIban: 'iban must be 1 to 34 characters.',
  creditorName: 'name must be 1 to 140 characters.',
  creditorAddress: 'address must be at most 70 characters.',
  debtorIdentifier: 'identifier must be text.',
  debtorName: 'name must be 1 to 140 characters.',
  debtorAddress: 'address must be 1 to 70 characters.',
} as const;

const text = (message: string, min: number, max: number) =>
  z.string({ error: message }).check(z.minLength(min, message), z.maxLength(max, message));

const guid = (field: string) => z.guid({ error: MESSAGES.guid(field) });
const iban = (field: string) =>
  z.string({ error: MESSAGES.accountIban(field) }).check(z.refine(isValidIban, MESSAGES.accountIban(field)));

// --- Real accounts -----------------------------------------------------------------------------------------

/** An identifier of a real account: only `Iban` (`mccy-accounts-v2.json`), checked for format and check digits. */
const accountIdentifier = z.lazy(() =>
  z.strictObject({
    identifier: text(MESSAGES.identifier, 1, 50).check(z.refine(isValidIban, MESSAGES.iban)),
    kind: z.literal('Iban', { error: MESSAGES.identifierKind }),
  }),
);

/**
 * `POST /mccy/v2/Accounts`. `bankIdentifierCode` and `routingCode` are required members that may be null
 * (`mccy-accounts-v2.json`); with a UK BIC the routing code is the account's sort code. Without an IBAN
 * identifier the bank generates one.
 */
export const createAccountBody = z.lazy(() =>
  z
    .strictObject({
      label: mccyLabel,
      owner: mccyOwner,
      kind: z.enum(MCCY_ACCOUNT_KINDS, { error: MESSAGES.kind }),
      currencies: z
        .array(mccyCurrency('currencies'), { error: MESSAGES.currencies })
        .check(z.minLength(1, MESSAGES.currencies)),
      identifiers: z.optional(z.nullable(z.array(accountIdentifier))),
      bankIdentifierCode: z.nullable(bankIdentifierCode),
      routingCode: z.nullable(
        z.string({ error: MESSAGES.routingCode }).check(z.regex(/^[A-Za-z0-9]{1,35}$/, MESSAGES.routingCode)),
      ),
      productId: z.optional(z.nullable(guid('productId'))),
      customerId: z.optional(z.nullable(guid('customerId'))),
    })
    .check(
      z.superRefine((body, ctx) => {
        if (new Set(body.currencies).size !== body.currencies.length) {
          ctx.addIssue({ code: 'custom', message: MESSAGES.currenciesRepeated, path: ['currencies'] });
        }
        const bic = body.bankIdentifierCode;
        if (bic !== null && isUkBic(bic) && !UK_ROUTING_CODE.test(body.routingCode ?? '')) {
          ctx.addIssue({ code: 'custom', message: MESSAGES.routingCodeForUk, path: ['routingCode'] });
        }
      }),
    ),
);
export type CreateAccountBody = z.output<typeof createAccountBody>;

/** `PATCH /mccy/v1/Accounts/{accountId}`: lengths only; the published amend sets no character rule. */
export const amendAccountBody = z.lazy(() =>
  z.strictObject({
    label: text(MESSAGES.labelAmend, 1, 100),
    owner: text(MESSAGES.ownerAmend, 1, 140),
  }),
);

/** `PATCH .../status` of a real or a virtual account: Active or Suspended, one of the eighteen reasons. */
export const statusBody = z.lazy(() =>
  z.strictObject({
    status: mccySettableStatus,
    statusReason: z.optional(z.nullable(mccyStatusReason)),
    information: z.optional(z.nullable(text(MESSAGES.information, 0, 100))),
  }),
);
export type StatusBody = z.output<typeof statusBody>;

/** `POST /mccy/v1/Accounts/{accountId}/currencies`. */
export const addCurrencyBody = z.lazy(() => z.strictObject({ currency: mccyCurrency('currency') }));

/** `DELETE` of a real or virtual account: the reference types `accountCloseReason` as free text. */
export const closeQuery = z.lazy(() =>
  z.strictObject({
    accountCloseReason: z.optional(
      z
        .string({ error: MESSAGES.accountCloseReason })
        .check(z.regex(/^[A-Za-z]{1,50}$/, MESSAGES.accountCloseReason)),
    ),
  }),
);

// --- Virtual accounts ----------------------------------------------------------------------------------------

/** A virtual account identifier: the kind is free text at the bank; one given as an Iban must be one. */
const virtualAccountIdentifier = z.lazy(() =>
  z
    .strictObject({
      identifier: text(MESSAGES.identifier, 1, 50),
      kind: text(MESSAGES.virtualIdentifierKind, 1, 50),
    })
    .check(
      z.superRefine((value, ctx) => {
        if (value.kind.toLowerCase() === 'iban' && !isValidIban(value.identifier)) {
          ctx.addIssue({ code: 'custom', message: MESSAGES.iban, path: ['identifier'] });
        }
      }),
    ),
);

/** `POST /mccy/v1/VirtualAccounts`. */
export const createVirtualAccountBody = z.lazy(() =>
  z.strictObject({
    accountId: guid('accountId'),
    virtualAccount: z.strictObject(
      {
        owner: text(MESSAGES.ownerAmend, 1, 140),
        identifiers: z.optional(z.nullable(z.array(virtualAccountIdentifier))),
      },
      { error: 'virtualAccount is required: an object with owner.' },
    ),
  }),
);
export type CreateVirtualAccountBody = z.output<typeof createVirtualAccountBody>;

/** `PATCH /mccy/v1/VirtualAccounts/{virtualAccountId}`. */
export const amendVirtualAccountBody = z.lazy(() =>
  z.strictObject({ owner: text(MESSAGES.ownerAmend, 1, 140) }),
);

/** `GET /mccy/v1/Accounts`: the common `pageNumber` / `pageSize`. */
export const listAccountsQuery = pagingQuery;

// --- Transactions --------------------------------------------------------------------------------------------

const dateTime = (message: string) =>
  z.string({ error: message }).check(z.iso.datetime({ offset: true, error: message }));

/**
 * The two transaction lists (`mccy-transactions-v1.json`): PascalCase names, `Currency` required (never GBP),
 * `PageSize` at most 1000. Without dates the bank answers the last 24 hours; the gateway forwards the query as
 * written and adds no defaults.
 */
export const transactionsQuery = z.lazy(() =>
  z
    .strictObject({
      PageNumber: z.optional(wholeNumberQuery(999_999_999, MESSAGES.pageNumber)),
      PageSize: z.optional(transactionPageSize),
      StartDateTime: z.optional(dateTime(MESSAGES.startDateTime)),
      EndDateTime: z.optional(dateTime(MESSAGES.endDateTime)),
      Currency: mccyCurrency('Currency'),
    })
    .check(
      z.refine(
        (query) =>
          query.StartDateTime === undefined ||
          query.EndDateTime === undefined ||
          Date.parse(query.StartDateTime) <= Date.parse(query.EndDateTime),
        { message: MESSAGES.dateTimeRange, path: ['StartDateTime'] },
      ),
    ),
);
export type TransactionsQuery = z.output<typeof transactionsQuery>;

// --- Statements ----------------------------------------------------------------------------------------------

/** A JSON whole number (the body's `JsonNumber`) as a JS number, then `schema`'s own rule. */
function jsonWholeNumber(schema: typeof statementYear, message: string) {
  return z.pipe(
    z.pipe(
      jsonDecimal(message).check(z.refine((value) => value.isInteger() && value.abs().lte(1e9), message)),
      z.transform((value) => value.toNumber()),
    ),
    schema,
  );
}

/**
 * Both statement requests (`mccy-statements-v1.json`). The period's time rules (not more than 24 months back,
 * a month that has ended, last month only from the 5th) depend on the clock: `statementPeriodErrors`.
 */
export const statementBody = z.lazy(() =>
  z.strictObject({
    year: jsonWholeNumber(statementYear, STATEMENT_MESSAGES.statementYear),
    month: jsonWholeNumber(statementMonth, STATEMENT_MESSAGES.statementMonth),
    format: z.literal('csv', { error: STATEMENT_MESSAGES.statementFormat }),
    currency: mccyCurrency('currency'),
  }),
);
export type StatementBody = z.output<typeof statementBody>;

/** The statement period judged at `now` (UK calendar, the gateway's clock): an `errors` map, empty when fine. */
export function statementPeriodErrors({ year, month }: StatementBody, now: Date): FieldErrors {
  try {
    checkStatementPeriod(year, month, now);
    return {};
  } catch (error) {
    if (error instanceof FieldRuleError) return error.toFieldErrors();
    throw error;
  }
}

// --- Internal transfers and the simulated inbound payment ---------------------------------------------------

/** Judged on the digits written (MCCY_AMOUNT). */
const instructedAmount = z.lazy(() => amountWithin(MESSAGES.instructedAmount, MCCY_AMOUNT));

const otherAccount = z.lazy(() =>
  z.strictObject({
    kind: text(MESSAGES.otherKind, 1, 1000),
    identifier: z.guid({ error: MESSAGES.otherIdentifier }),
  }),
);

/**
 * `POST /v1/mccy/internaltransfers`: each side by IBAN or by another identifier (`kind`, a GUID). Whether both
 * accounts are enabled for the currency is the bank's to say (it knows the accounts).
 */
export const internalTransferBody = z.lazy(() =>
  z
    .strictObject({
      debitAccountIban: z.optional(z.nullable(iban('debitAccountIban'))),
      debitAccountOther: z.optional(otherAccount),
      creditAccountIban: z.optional(z.nullable(iban('creditAccountIban'))),
      creditAccountOther: z.optional(otherAccount),
      instructedAmount,
      instructedCurrency: mccyInstructedCurrency(),
      endToEndId: internalTransferEndToEndId,
      reference: z.optional(z.nullable(internalTransferReference)),
    })
    .check(
      z.superRefine((body, ctx) => {
        if ((body.debitAccountIban ?? undefined) === undefined && body.debitAccountOther === undefined) {
          ctx.addIssue({ code: 'custom', message: MESSAGES.debitAccount, path: ['debitAccountIban'] });
        }
        if ((body.creditAccountIban ?? undefined) === undefined && body.creditAccountOther === undefined) {
          ctx.addIssue({ code: 'custom', message: MESSAGES.creditAccount, path: ['creditAccountIban'] });
        }
      }),
    ),
);
export type InternalTransferBody = z.output<typeof internalTransferBody>;

/** `POST /v1/mccy/inboundpayment/{accountUniqueId}` (`mccy-jpm-emulator-v1.json`), simulation only. */
export const inboundPaymentBody = z.lazy(() =>
  z.strictObject({
    instructedCurrency: mccyInstructedCurrency(),
    instructedAmount,
    reference: z.optional(z.nullable(text(MESSAGES.inboundReference, 0, 140))),
    endToEndId: z.optional(z.nullable(text(MESSAGES.inboundEndToEndId, 0, 15))),
    ultimateCreditor: z.strictObject(
      {
        iban: text(MESSAGES.creditorIban, 1, 34),
        name: text(MESSAGES.creditorName, 1, 140),
        address: z.optional(z.nullable(text(MESSAGES.creditorAddress, 0, 70))),
      },
      { error: 'ultimateCreditor is required: an object with iban and name.' },
    ),
    ultimateDebtor: z.optional(
      z.strictObject({
        identifier: z.string({ error: MESSAGES.debtorIdentifier }),
        name: text(MESSAGES.debtorName, 1, 140),
        address: text(MESSAGES.debtorAddress, 1, 70),
      }),
    ),
  }),
);
export type InboundPaymentBody = z.output<typeof inboundPaymentBody>;
