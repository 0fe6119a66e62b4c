import { directDebitOperations } from '#shared/operations/direct-debits/operations.js';
import { buildAtColdStart } from '#shared/runtime/aws-common.js';
import { awsOperationDependencies } from '#shared/runtime/root-operation-functions.js';
import { createOperationHandler } from './http/operation-handler.js';

const dependencies = awsOperationDependencies(directDebitOperations);
await buildAtColdStart(dependencies);

/** Direct debit instructions on real and virtual accounts, their collections, unpaid and unapplied items. */
export const handler = createOperationHandler(directDebitOperations, dependencies);
