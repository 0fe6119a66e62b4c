import { ENV, type EnvName } from './function-environment.js';

/**
 * DynamoDB table shapes, used by the CDK stateful stack and by the sandbox to create the same tables in
 * dynalite. Every state change is one conditional single-item write (dynalite has no transactions), and
 * expiry is compared with the clock, never left to TTL deletion.
 */
export interface TableDefinition {
  /** Logical name; the physical name comes from the environment on AWS. */
  name: string;
  /** The environment variable the stack sets the physical name in, on every function that uses the table. */
  variable: EnvName;
  partitionKey: string;
  sortKey?: string;
  /** Attribute AWS TTL deletes on (epoch seconds); readers still check it themselves. */
  ttlAttribute?: string;
}

/** Powertools idempotency records (its default attribute names), kept 24 hours. */
export const idempotencyTable: TableDefinition = {
  name: 'idempotency',
  variable: ENV.idempotencyTable,
  partitionKey: 'id',
  ttlAttribute: 'expiration',
};

/** One item per unique webhook identity: the processor's deduplication inbox. */
export const webhookInboxTable: TableDefinition = {
  name: 'webhook-inbox',
  variable: ENV.inboxTable,
  partitionKey: 'key',
  ttlAttribute: 'expiresAt',
};

/**
 * What needs a person's attention (shared/gateway/attention.ts): one item per record and reason (key
 * `<kind>#<id>#<reason>`), deleted when the bank's word moves the record on. Only such items live here,
 * so the sweep reads the whole table.
 */
export const attentionTable: TableDefinition = {
  name: 'attention',
  variable: ENV.attentionTable,
  partitionKey: 'key',
};

/** The tables that are no family's; each family's own is in its definition (`shared/families/`). */
export const infrastructureTables = [idempotencyTable, webhookInboxTable, attentionTable] as const;
