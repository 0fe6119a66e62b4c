import { ENV } from '../config/function-environment.js';
import type { TableDefinition } from '../config/tables.js';

/**
 * The gateway's multi-currency payment batches, kept for good: one item per batch (key its `batchId`), its
 * attributes at the top level because the batch's Step Functions workflow reads and writes `status`,
 * `history` and `openTransactions` itself (shared/mccy-payments/records.ts).
 */
export const mccyBatchesTable: TableDefinition = {
  name: 'mccy-batches',
  variable: ENV.mccyBatchesTable,
  partitionKey: 'batchId',
};
