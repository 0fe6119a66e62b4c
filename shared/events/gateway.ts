import * as z from 'zod/mini';
import {
  ACCOUNT_CLOSURE_STATUS_CHANGED,
  type AccountClosureRecord,
  CLOSURE_STATUSES,
} from '../account-closures/records.js';
import { TRADE_STATUSES, type TradeRecord } from '../fx/records.js';
import { FX_TRADE_STATUS_CHANGED } from '../fx/records.js';
import { API_TOKEN_EXPIRING } from '../bank/token-expiry.js';
import { type BatchTransaction, TRANSACTION_STATUSES } from '../mccy-payments/records.js';
import { MCCY_TRANSACTION_STATUS_CHANGED } from '../mccy-payments/webhook-hook.js';
import type { NameCheckOutcome } from '../name-checks/outcome.js';
import { PAYMENT_SCHEMES, PAYMENT_STATUSES, type PaymentRecord } from '../payments/status.js';
import { PAYMENT_STATUS_CHANGED } from '../payments/track.js';
import { STATEMENT_ARCHIVED, STATEMENT_KINDS } from '../statements/archive.js';
import {
  MCCY_BATCH_OVERDUE,
  MCCY_BATCH_PROCESSING_DUE,
  MCCY_CANCELLATION_WINDOW_CLOSED,
} from '../workflows/mccy-batch.js';

/**
 * The `detail` of every `clearway.gateway` event, one schema each. Objects are open (a consumer ignores a
 * member it does not know, so a new member is not a breaking change); the type checks at the end hold each
 * record schema to the interface the code writes, member by member.
 */

/** Every gateway event: `key` is what consumers deduplicate on (the same value as `transitionId`). */
const identity = {
  key: z.string().check(z.minLength(1)),
  transitionId: z.string().check(z.minLength(1)),
};

const text = z.string();
const optionalText = z.optional(z.string());
const timestamp = z.iso.datetime({ offset: true });

const nameCheckOutcome = z.object({
  outcome: text,
  matched: z.boolean(),
  reasonCode: optionalText,
  name: optionalText,
  responseWithinSla: z.optional(z.boolean()),
  account: text,
  checkedAt: timestamp,
});

const paymentStatus = z.enum(PAYMENT_STATUSES as [PaymentRecord['status'], ...PaymentRecord['status'][]]);

const paymentTransition = z.object({
  transitionId: text,
  from: z.nullable(paymentStatus),
  to: paymentStatus,
  at: timestamp,
  cause: text,
  screening: z.optional(z.object({ result: text, identifiers: optionalText })),
  // On a move to Held: why the bank holds it, and since when.
  hold: z.optional(z.object({ reason: text, heldAt: optionalText })),
  // On a rejection the bank explained (HOPRJ: declined after a hold).
  cancellation: z.optional(z.object({ code: optionalText, reason: optionalText })),
  // A final outcome contradicting the one the record had: both kept, an operator told.
  conflict: z.optional(z.literal(true)),
  // A hold told after the outcome (its webhook came late): kept, the outcome stays the record's status.
  late: z.optional(z.literal(true)),
});

export const paymentRecordSchema = z.object({
  endToEndId: text,
  status: paymentStatus,
  scheme: z.enum(PAYMENT_SCHEMES),
  direction: z.enum(['Outbound', 'Inbound']),
  amount: optionalText,
  currency: optionalText,
  debtorAccount: optionalText,
  creditorAccount: optionalText,
  instructionIdentification: optionalText,
  // CHAPS and cross-border: the bank's payment id (a send's 202 paymentId, a received payment's TransactionId).
  paymentId: optionalText,
  // A CHAPS return: the payment it gives back (received, for a return of ours; ours, for one received).
  returnOf: z.optional(z.object({ paymentId: optionalText, endToEndId: optionalText })),
  nameCheck: z.optional(nameCheckOutcome),
  requestId: optionalText,
  claimedAt: z.optional(timestamp),
  generation: z.int().check(z.positive()),
  createdAt: timestamp,
  updatedAt: timestamp,
  history: z.array(paymentTransition),
});

const tradeStatus = z.enum(TRADE_STATUSES as [TradeRecord['status'], ...TradeRecord['status'][]]);

export const tradeRecordSchema = z.object({
  endToEndId: text,
  status: tradeStatus,
  sellCurrency: optionalText,
  buyCurrency: optionalText,
  fixedSide: optionalText,
  instructedAmount: optionalText,
  margin: optionalText,
  valueDate: optionalText,
  sellAmount: optionalText,
  buyAmount: optionalText,
  clearBankRate: optionalText,
  symbol: optionalText,
  marginAmount: optionalText,
  marginCurrency: optionalText,
  bankMarginAmount: optionalText,
  cancellationReason: optionalText,
  requestId: optionalText,
  createdAt: timestamp,
  updatedAt: timestamp,
  history: z.array(
    z.object({
      transitionId: text,
      from: z.nullable(tradeStatus),
      to: tradeStatus,
      at: timestamp,
      cause: text,
      conflict: z.optional(z.literal(true)),
    }),
  ),
});

const transactionStatus = z.enum(TRANSACTION_STATUSES);

export const mccyTransactionSchema = z.object({
  status: transactionStatus,
  amount: text,
  reference: text,
  history: z.array(
    z.object({
      transitionId: text,
      from: z.nullable(transactionStatus),
      to: transactionStatus,
      at: timestamp,
      cause: text,
      // A second final outcome for the same payment: kept beside the first, an operator told.
      conflict: z.optional(z.literal(true)),
    }),
  ),
  transactionId: optionalText,
  reason: optionalText,
});

const closureStatus = z.enum(CLOSURE_STATUSES);

export const accountClosureRecordSchema = z.object({
  accountId: text,
  status: closureStatus,
  closureReason: optionalText,
  requestId: optionalText,
  requestedAt: z.optional(timestamp),
  // A closure the gateway never requested, first seen in one of the bank's webhooks.
  seenOnly: z.optional(z.literal(true)),
  failureReasons: z.optional(z.array(text)),
  generation: z.int().check(z.positive()),
  createdAt: timestamp,
  updatedAt: timestamp,
  history: z.array(
    z.object({
      transitionId: text,
      from: z.nullable(closureStatus),
      to: closureStatus,
      at: timestamp,
      cause: text,
      failureReasons: z.optional(z.array(text)),
    }),
  ),
});

/** The batch workflow's events (`shared/workflows/mccy-batch.ts`): the batch and its times. */
const batchWorkflowStep = {
  ...identity,
  batchId: text,
  currency: text,
  cancellationDeadline: timestamp,
  processingAt: timestamp,
};

/** `statusChangedEvent`'s detail for a record: the transition and the whole record after it. */
function statusChanged<S extends z.ZodMiniType>(status: S, record: z.ZodMiniType) {
  return z.object({ ...identity, endToEndId: text, from: z.nullable(status), to: status, record });
}

/** Detail schemas by detail-type. A new gateway event adds its entry here. */
export const gatewayEventDetails = {
  [PAYMENT_STATUS_CHANGED]: statusChanged(paymentStatus, paymentRecordSchema),
  [FX_TRADE_STATUS_CHANGED]: statusChanged(tradeStatus, tradeRecordSchema),
  [STATEMENT_ARCHIVED]: z.object({
    ...identity,
    // institution and account: a multi-currency month's CSV; camt053: every page of a camt.053 statement.
    kind: z.enum(STATEMENT_KINDS),
    accountIban: optionalText,
    // The multi-currency statements' period and currency.
    year: z.optional(z.int()),
    month: z.optional(z.int().check(z.minimum(1), z.maximum(12))),
    currency: z.optional(z.string().check(z.regex(/^[A-Z]{3}$/))),
    // A camt.053 statement's MsgId, its window and its pages (objectKey and location are then their folder,
    // bytes and sha256 over the pages in order).
    messageId: optionalText,
    startDateTime: z.optional(timestamp),
    endDateTime: z.optional(timestamp),
    totalPages: z.optional(z.int().check(z.minimum(1))),
    pages: z.optional(
      z.array(
        z.object({
          pageNumber: z.int().check(z.minimum(1)),
          objectKey: text,
          location: text,
          bytes: z.int().check(z.nonnegative()),
          sha256: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
        }),
      ),
    ),
    format: text,
    objectKey: text,
    location: text,
    bytes: z.int().check(z.nonnegative()),
    sha256: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
  }),
  [MCCY_TRANSACTION_STATUS_CHANGED]: statusChanged(
    transactionStatus,
    z.object({ batchId: text, endToEndId: text, ...mccyTransactionSchema.shape }),
  ),
  [ACCOUNT_CLOSURE_STATUS_CHANGED]: z.object({
    ...identity,
    accountId: text,
    from: z.nullable(closureStatus),
    to: closureStatus,
    record: accountClosureRecordSchema,
  }),
  [MCCY_CANCELLATION_WINDOW_CLOSED]: z.object(batchWorkflowStep),
  [MCCY_BATCH_PROCESSING_DUE]: z.object(batchWorkflowStep),
  [MCCY_BATCH_OVERDUE]: z.object({
    ...batchWorkflowStep,
    overdueAt: timestamp,
    // As DynamoDB holds a number: decimal text.
    openTransactions: z.string().check(z.regex(/^[0-9]+$/)),
  }),
  [API_TOKEN_EXPIRING]: z.object({
    ...identity,
    expiresAt: timestamp,
    daysLeft: z.int(),
    expired: z.boolean(),
  }),
} satisfies Record<string, z.ZodMiniType>;

// The record schemas list exactly the members of the records the code writes, with the same types.
type SameShape<A, B> = [A] extends [B]
  ? [B] extends [A]
    ? [keyof A] extends [keyof B]
      ? [keyof B] extends [keyof A]
        ? true
        : false
      : false
    : false
  : false;
true satisfies SameShape<z.output<typeof paymentRecordSchema>, PaymentRecord>;
true satisfies SameShape<z.output<typeof tradeRecordSchema>, TradeRecord>;
true satisfies SameShape<z.output<typeof nameCheckOutcome>, NameCheckOutcome>;
true satisfies SameShape<z.output<typeof mccyTransactionSchema>, BatchTransaction>;
true satisfies SameShape<z.output<typeof accountClosureRecordSchema>, AccountClosureRecord>;
