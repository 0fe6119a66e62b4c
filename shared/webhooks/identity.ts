import { createHash } from 'node:crypto';
import { JsonNumber } from '../json/read-json.js';
import { failedEndToEndIds } from '../payments/read.js';
import { jsonText } from './json-text.js';

/**
 * The identity of a webhook, from its payload (webhooks.md, "Key" column). The bank delivers at least once
 * and in any order, and the Nonce changes per delivery, so duplicates are found by these fields only.
 * Every key starts with the type, so two types never collapse into one (a settled and a rejected
 * notice for the same TransactionId stay two events).
 */
const keyFields: Record<string, readonly string[]> = {
  // An internal transfer settles as a debit and a credit with one TransactionId: the side keeps them two.
  TransactionSettled: ['TransactionId', 'DebitCreditCode'],
  // Rejected likewise: one side's rejection must not hide the other's.
  TransactionRejected: ['TransactionId', 'DebitCreditCode'],
  VirtualAccountCreated: ['VirtualAccountId'],
  VirtualAccountCreationFailed: ['VirtualAccountId', 'Timestamp'],
  AccountCreated: ['AccountId'],
  BacsMandateInitiated: ['MandateId'],
  BacsMandateCancelled: ['MandateId'],
  BacsMandateCancellationFailed: ['ServiceUserNumber', 'Reference', 'EventDate'],
  BacsMandateReturned: ['MandateId', 'EventDate'],
  // No MandateId: the instruction never came to be, so it is named by its service user and reference.
  BacsMandateInitiationFailed: ['ServiceUserNumber', 'Reference', 'EventDate'],
  BacsMandateReturnFailed: ['MandateId', 'EventDate'],
  BacsMandateMigrated: ['MandateId'],
  BacsUnpaidDirectDebitReceived: ['BacsTransactionId'],
  BacsUnappliedCreditReceived: ['BacsTransactionId'],
  'Accounts.AccountCreated': ['AccountId'],
  'Accounts.AccountUpdated': ['AccountId', 'TimestampModified'],
  'Accounts.VirtualAccountCreated': ['VirtualAccountId'],
  'Accounts.VirtualAccountUpdated': ['VirtualAccountId', 'TimestampModified'],
  'Payments.Mccy.TransactionCreated': ['TransactionId'],
  'Payments.Mccy.TransactionSettled': ['TransactionId'],
  'Payments.Mccy.TransactionCancelled': ['TransactionId'],
  // A batch may carry one end-to-end id twice (the bank fails the repeat): TransactionId tells them apart.
  'Payments.Mccy.PaymentValidationFailed': ['BatchId', 'EndToEndId', 'TransactionId'],
  'Payments.Mccy.PaymentAssessmentFailed': ['BatchId', 'EndToEndId', 'TransactionId'],
  'Mccy.InternalTransfers.Settled': ['EndToEndId'],
  'Mccy.InternalTransfers.Cancelled': ['EndToEndId'],
  'MCCY.Statements.InstitutionStatement': ['Year', 'Month', 'Currency'],
  'MCCY.Statements.AccountStatement': ['AccountIban', 'Year', 'Month', 'Currency'],
  'Fx.Trade.Executed': ['EndToEndId'],
  'Fx.Trade.Settled': ['EndToEndId'],
  'Fx.Trade.Cancelled': ['EndToEndId'],
  'Fx.Trade.Settlement.Failed': ['EndToEndId'],
  PaymentMessageValidationFailed: ['MessageId'],
  PaymentMessageAssesmentFailed: ['MessageId'],
};

/**
 * Key parts from inside a payload. A payment message failure names its failed transfers: one request (one
 * `MessageId`) whose instructions fail apart sends one webhook per instruction, which must stay distinct.
 * An FX settlement failure the bank will retry is not the final one, which keeps the plain key.
 */
const nestedKeyValues: Record<string, (payload: Record<string, unknown>) => string | undefined> = {
  PaymentMessageValidationFailed: (payload) => sortedIds(payload.ValidationFailure),
  PaymentMessageAssesmentFailed: (payload) => sortedIds(payload.AssesmentFailure),
  'Fx.Trade.Settlement.Failed': retriedSettlementPart,
};

/**
 * `WillBeRetried` as the bank writes it: a boolean (its table) or the text `true` (its example); absent is
 * false (the page's default).
 */
export function settlementWillBeRetried(payload: Record<string, unknown>): boolean {
  const flag = payload.WillBeRetried;
  return flag === true || (typeof flag === 'string' && flag.toLowerCase() === 'true');
}

/**
 * A retried settlement failure: `retried` and its payload's digest. The bank may fail a settlement more than
 * once before the final word, and no documented member tells one retry from the next, so any difference in
 * the payload (reason, fee) keeps them apart; a redelivery repeats the payload and stays one.
 */
function retriedSettlementPart(payload: Record<string, unknown>): string | undefined {
  return settlementWillBeRetried(payload) ? `retried:${sha256(canonicalJson(payload))}` : undefined;
}

function sortedIds(failures: unknown): string | undefined {
  const ids = failedEndToEndIds(failures).sort();
  return ids.length === 0 ? undefined : ids.join(',');
}

/** `BacsMandateInitiatedV2` is `BacsMandateInitiated`. */
export function canonicalType(type: string): string {
  return type.replace(/V\d+$/, '');
}

/**
 * Longest identity key. DynamoDB takes 2,048 bytes in a partition key; 256 UTF-16 units are at most 768
 * UTF-8 bytes, and a key this long is still readable in a log line.
 */
export const MAX_KEY_LENGTH = 256;
/** How much of a type a log line or a bounded key keeps (a `Type` can be as long as the body). */
const READABLE_TYPE_LENGTH = 100;

/** The type cut to a readable length (never splitting a surrogate pair), for keys and log lines. */
export function readableType(type: string): string {
  if (type.length <= READABLE_TYPE_LENGTH) return type;
  const cut = type.slice(0, READABLE_TYPE_LENGTH);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

export interface WebhookIdentity {
  key: string;
  /** `payload` when taken from the documented fields, `hash` for unknown types or incomplete payloads. */
  basis: 'payload' | 'hash';
}

export function webhookIdentity(
  type: string,
  version: number,
  payload: unknown,
  receivedAt: Date,
): WebhookIdentity {
  const canonical = canonicalType(type);
  if (canonical === 'FITestEvent') {
    // A test event has no id: the same text on the same day is the same test (hashed: keys stay short).
    const day = receivedAt.toISOString().slice(0, 10);
    return { key: `${canonical}:${sha256(canonicalJson(payload))}:${day}`, basis: 'payload' };
  }
  const fields = keyFields[canonical];
  if (fields && isRecord(payload)) {
    const nested = nestedKeyValues[canonical]?.(payload);
    const values = [
      ...fields.map((field) => keyValue(payload[field])),
      ...(nested === undefined ? [] : [nested]),
    ];
    if (values.every((value) => value !== undefined)) {
      return { key: bounded(canonical, [canonical, ...values].join(':')), basis: 'payload' };
    }
  }
  const digest = sha256(`${canonical}\n${version}\n${canonicalJson(payload)}`);
  return { key: bounded(canonical, `${canonical}:sha256:${digest}`), basis: 'hash' };
}

/** JSON with object keys sorted at every level, so equal payloads hash equally whatever the key order. */
export function canonicalJson(value: unknown): string {
  return jsonText(value, true).text;
}

/** A key field's text: a non-empty string or a number as written. */
function keyValue(value: unknown): string | undefined {
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (value instanceof JsonNumber) return value.source;
  return typeof value === 'number' ? String(value) : undefined;
}

/** A key longer than MAX_KEY_LENGTH becomes its readable type and the SHA-256 of the whole key. */
function bounded(type: string, key: string): string {
  return key.length <= MAX_KEY_LENGTH ? key : `${readableType(type)}:sha256:${sha256(key)}`;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof JsonNumber)
  );
}
