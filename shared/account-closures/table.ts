import { ENV } from '../config/function-environment.js';
import type { TableDefinition } from '../config/tables.js';

/**
 * One item per account the gateway was asked to close (or heard of closing, in a webhook), keyed by the
 * bank's account id: the latest closure request, its status and every transition, kept for good.
 */
export const accountClosuresTable: TableDefinition = {
  name: 'account-closures',
  variable: ENV.accountClosuresTable,
  partitionKey: 'accountId',
};
