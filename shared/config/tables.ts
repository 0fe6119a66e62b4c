/**
 * DynamoDB table shapes, used by the CDK stateful stack and by the sandbox to create the same tables in
 * dynalite. Every state change is one conditional single-item write (dynalite has no transactions), and
 * expiry is compared with the clock, never left to TTL deletion.
 */
export interface TableDefinition {
  /** Logical name; the physical name comes from the environment on AWS. */
  name: string;
  partitionKey: string;
  sortKey?: string;
  /** Attribute AWS TTL deletes on (epoch seconds); readers still check it themselves. */
  ttlAttribute?: string;
}

/** Powertools idempotency records (its default attribute names), kept 24 hours. */
export const idempotencyTable: TableDefinition = {
  name: 'idempotency',
  partitionKey: 'id',
  ttlAttribute: 'expiration',
};

/** One item per unique webhook identity: the processor's deduplication inbox. */
export const webhookInboxTable: TableDefinition = {
  name: 'webhook-inbox',
  partitionKey: 'key',
  ttlAttribute: 'expiresAt',
};

/**
 * One item per payment, key its end-to-end id (at most 35 characters), kept for good: the gateway's record
 * of each payment and its history. Next to them, one item per claiming bank request, key
 * `request#<X-Request-Id>` (longer than any end-to-end id), listing the ids it claimed.
 */
export const paymentsTable: TableDefinition = {
  name: 'payments',
  partitionKey: 'endToEndId',
};

/**
 * One item per payee name check that named an end-to-end id (key that id, at most 140 characters): its
 * outcome, kept for a configurable time (24 hours by default) so a later payment with the same id carries it.
 */
export const nameChecksTable: TableDefinition = {
  name: 'name-checks',
  partitionKey: 'endToEndId',
  ttlAttribute: 'expiresAt',
};

/**
 * The gateway's FX records, kept for good: one item per quote it obtained (key `quote#<quoteId>`: the
 * request, the bank's rate and amounts, the computed margin, the hold, the one execution that claimed it) and
 * one per trade it follows (key `trade#<endToEndId>`: its status and history).
 */
export const fxTable: TableDefinition = {
  name: 'fx',
  partitionKey: 'recordId',
};

/**
 * The gateway's multi-currency payment batches, kept for good: one item per batch (key its `batchId`), its
 * attributes at the top level because the batch's Step Functions workflow reads and writes `status`,
 * `history` and `openTransactions` itself (shared/mccy-payments/records.ts).
 */
export const mccyBatchesTable: TableDefinition = {
  name: 'mccy-batches',
  partitionKey: 'batchId',
};

/**
 * What needs a person's attention (shared/gateway/attention.ts): one item per record and reason (key
 * `<kind>#<id>#<reason>`), deleted when the bank's word moves the record on. Only such items live here,
 * so the sweep reads the whole table.
 */
export const attentionTable: TableDefinition = {
  name: 'attention',
  partitionKey: 'key',
};

export const tables = [
  idempotencyTable,
  webhookInboxTable,
  paymentsTable,
  nameChecksTable,
  fxTable,
  mccyBatchesTable,
  attentionTable,
] as const;
