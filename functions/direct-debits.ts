import { directDebitOperations } from '#shared/operations/direct-debits/operations.js';
import { awsForwardDependencies } from '#shared/runtime/root-operation-functions.js';
import { createOperationHandler } from './http/operation-handler.js';

/** Direct debit instructions on real and virtual accounts, their collections, unpaid and unapplied items. */
export const handler = createOperationHandler(directDebitOperations, awsForwardDependencies);
