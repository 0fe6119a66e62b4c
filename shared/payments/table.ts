import { ENV } from '../config/function-environment.js';
import type { TableDefinition } from '../config/tables.js';

/**
 * One item per payment, key its end-to-end id (at most 35 characters), kept for good: the gateway's record
 * of each payment and its history. Next to them, one item per claiming bank request, key
 * `request#<X-Request-Id>` (longer than any end-to-end id), listing the ids it claimed, and one per bank
 * payment id of a CHAPS or cross-border payment, key `payment#<paymentId>`, naming its record.
 */
export const paymentsTable: TableDefinition = {
  name: 'payments',
  variable: ENV.paymentsTable,
  partitionKey: 'endToEndId',
};
