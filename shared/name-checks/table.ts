import { ENV } from '../config/function-environment.js';
import type { TableDefinition } from '../config/tables.js';

/**
 * One item per payee name check that named an end-to-end id (key that id, at most 140 characters): its
 * outcome, kept for a configurable time (24 hours by default) so a later payment with the same id carries it.
 */
export const nameChecksTable: TableDefinition = {
  name: 'name-checks',
  variable: ENV.nameChecksTable,
  partitionKey: 'endToEndId',
  ttlAttribute: 'expiresAt',
};
