import * as z from 'zod/mini';
import { JsonNumber } from '#shared/json/read-json.js';
import { defineWebhook } from './define.js';

/**
 * The savings webhooks: an account's closure completed or failed, and interest paid, with their payloads as
 * the bank's pages list them (`webhooks/account-closure-completed-webhook-v1.mdx`,
 * `account-closure-failed-webhook-v1.mdx`, `interest-paid-webhook-v1.mdx` in `clearbank/clearbank.github.io`).
 * Strict: a member the page marks optional may be absent (or null), every other one must be there, nothing
 * undocumented passes. Where a page's example contradicts its table, what the example sends is accepted too
 * (never refuse what the bank sends); the simulator sends the table's members.
 */

/** The pages' GUIDs: any 8-4-4-4-12 hex. */
const guid = z.lazy(() => z.guid());
/** "Time Zone: UTC": the examples write `Z` and seven decimals; a time without an offset passes too. */
const utcDateTime = z.lazy(() => z.iso.datetime({ offset: true, local: true }));
const text = (min: number, max: number) => z.string().check(z.minLength(min), z.maxLength(max));
const optional = <T extends z.ZodMiniType>(schema: T) => z.optional(z.nullable(schema));
/** `decimal`: a JSON number (a `JsonNumber` when read by the gateway's reader, keeping the digits). */
const decimal = z.lazy(() => z.union([z.number(), z.instanceof(JsonNumber)]));

/**
 * `AccountClosureCompleted` v1: the table lists `AccountId`, `ClosureReason` (1 to 100) and
 * `AccountModifiedDateTime`; the page's example sends `TimestampCreated` in its place. Either passes, one of the
 * two is required.
 */
export const accountClosureCompletedPayload = z.lazy(() =>
  z
    .strictObject({
      AccountId: guid,
      ClosureReason: text(1, 100),
      AccountModifiedDateTime: z.optional(utcDateTime),
      TimestampCreated: z.optional(utcDateTime),
    })
    .check(
      z.refine(
        (payload) => payload.AccountModifiedDateTime !== undefined || payload.TimestampCreated !== undefined,
        { message: 'AccountModifiedDateTime is required.', path: ['AccountModifiedDateTime'] },
      ),
    ),
);

/** An account closes once: its id is the key; both closure webhooks are the account's, handled in order. */
export const accountClosureCompletedWebhook = defineWebhook({
  type: 'AccountClosureCompleted',
  versions: { 1: accountClosureCompletedPayload },
  key: ['AccountId'],
  subject: ['AccountId'],
});

/**
 * `AccountClosureFailed` v1. `ClosureReason` may be null; `ClosureFailureReasons` is a list of at least one
 * non-empty reason (the page's example writes it in braces, `{ "..." }`, which is not JSON: the table's array
 * is what passes).
 */
export const accountClosureFailedPayload = z.lazy(() =>
  z.strictObject({
    AccountId: guid,
    ClosureReason: z.nullable(text(1, 100)),
    ClosureFailureReasons: z.array(z.string().check(z.minLength(1))).check(z.minLength(1)),
    AccountModifiedDateTime: utcDateTime,
  }),
);

/** A closure may fail more than once (it is retried): each failure is the account and its modification time. */
export const accountClosureFailedWebhook = defineWebhook({
  type: 'AccountClosureFailed',
  versions: { 1: accountClosureFailedPayload },
  key: ['AccountId', 'AccountModifiedDateTime'],
  subject: ['AccountId'],
});

/** `AccrualPeriod`: the accrual period's first and last day, local to where the account is held. */
const accrualPeriod = z.lazy(() => z.strictObject({ Start: z.iso.date(), End: z.iso.date() }));

/**
 * `InterestPaid` v1. `Amount` is a decimal, read as the digits written. The table spells the optional
 * end-to-end id `EndToEndTransactionID` (uuid, 0 to 35), the example `EndToEndTransactionId` (32 hex digits,
 * no hyphens): either spelling passes, as text of at most 35. `CurrencyCode` 3 to 4 characters.
 */
export const interestPaidPayload = z.lazy(() =>
  z.strictObject({
    TransactionId: guid,
    EndToEndTransactionId: optional(text(0, 35)),
    EndToEndTransactionID: optional(text(0, 35)),
    Amount: decimal,
    CurrencyCode: optional(text(3, 4)),
    DebitCreditCode: optional(z.enum(['Credit', 'Debit'])),
    Timestamp: utcDateTime,
    Reference: text(0, 140),
    DestinationAccountId: guid,
    AccrualPeriod: optional(accrualPeriod),
  }),
);

/**
 * One payment of interest is one transaction (its Transaction Settled webhook carries the same
 * `TransactionId`). It moves no gateway record: no subject.
 */
export const interestPaidWebhook = defineWebhook({
  type: 'InterestPaid',
  versions: { 1: interestPaidPayload },
  key: ['TransactionId'],
});
