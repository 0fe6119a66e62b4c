import { ENV } from '../config/function-environment.js';
import type { TableDefinition } from '../config/tables.js';

/**
 * The gateway's FX records, kept for good: one item per quote it obtained (key `quote#<quoteId>`: the
 * request, the bank's rate and amounts, the computed margin, the hold, the one execution that claimed it) and
 * one per trade it follows (key `trade#<endToEndId>`: its status and history).
 */
export const fxTable: TableDefinition = {
  name: 'fx',
  variable: ENV.fxTable,
  partitionKey: 'recordId',
};
