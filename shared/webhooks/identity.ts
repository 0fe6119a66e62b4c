import { createHash } from 'node:crypto';

/**
 * The identity of a webhook, from its payload (webhooks.md, "Key" column). The bank delivers at least once
 * and in any order, and the Nonce changes per delivery, so duplicates are found by these fields only.
 * Every key starts with the type, so two types never collapse into one (a settled and a rejected
 * notice for the same TransactionId stay two events).
 */
const keyFields: Record<string, readonly string[]> = {
  TransactionSettled: ['TransactionId'],
  TransactionRejected: ['TransactionId'],
  VirtualAccountCreated: ['VirtualAccountId'],
  VirtualAccountCreationFailed: ['VirtualAccountId', 'Timestamp'],
  AccountCreated: ['AccountId'],
  BacsMandateInitiated: ['MandateId'],
  BacsMandateCancelled: ['MandateId'],
  BacsMandateCancellationFailed: ['ServiceUserNumber', 'Reference', 'EventDate'],
  BacsMandateReturned: ['MandateId', 'EventDate'],
  BacsUnpaidDirectDebitReceived: ['BacsTransactionId'],
  BacsUnappliedCreditReceived: ['BacsTransactionId'],
  'Accounts.AccountCreated': ['AccountId'],
  'Accounts.AccountUpdated': ['AccountId', 'TimestampModified'],
  'Accounts.VirtualAccountCreated': ['VirtualAccountId'],
  'Accounts.VirtualAccountUpdated': ['VirtualAccountId', 'TimestampModified'],
  'Payments.Mccy.TransactionCreated': ['TransactionId'],
  'Payments.Mccy.TransactionSettled': ['TransactionId'],
  'Payments.Mccy.TransactionCancelled': ['TransactionId'],
  'Payments.Mccy.PaymentValidationFailed': ['BatchId', 'EndToEndId'],
  'Payments.Mccy.PaymentAssessmentFailed': ['BatchId', 'EndToEndId'],
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

/** `BacsMandateInitiatedV2` is `BacsMandateInitiated`. */
export function canonicalType(type: string): string {
  return type.replace(/V\d+$/, '');
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
    const values = fields.map((field) => payload[field]);
    if (values.every((value) => (typeof value === 'string' && value !== '') || typeof value === 'number')) {
      return { key: [canonical, ...values.map(String)].join(':'), basis: 'payload' };
    }
  }
  const digest = sha256(`${canonical}\n${version}\n${canonicalJson(payload)}`);
  return { key: `${canonical}:sha256:${digest}`, basis: 'hash' };
}

/** JSON with object keys sorted at every level, so equal payloads hash equally whatever the key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isRecord(value)) {
    const entries = Object.keys(value)
      .sort()
      .filter((key) => value[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
